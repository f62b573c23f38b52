package io.vaultstream.cli;

import io.vaultstream.cli.SourceCatalog.Table;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The choices {@code init} made that a person should review, each with how to change it. */
final class ReviewNotes {
  private final List<String> notes = new ArrayList<>();

  void add(String note) {
    notes.add(note);
  }

  void noNaturalKey(String hub, Table t) {
    add(
        hub
            + ": no unique constraint on "
            + t.name()
            + ", so its primary key "
            + t.pk()
            + " is the business key; replace it by a natural key if the table has one");
  }

  /** The notes about the model as a whole, first. */
  void general(String recordSource, boolean recordSourceGiven, String hashing) {
    List<String> first = new ArrayList<>();
    first.add(
        "recordSource "
            + recordSource
            + (recordSourceGiven
                ? " (given with --record-source)"
                : " (the source database's name): give --record-source, or edit recordSource")
            + "; record_source values are "
            + recordSource
            + ".<table>");
    first.add(
        "vault names are singular (customers gives hub_customer, customer_hk, sat_customer) where"
            + " simple English rules are sure, else the table's name; rename in the model (a hub's"
            + " name also in its links and satellites)");
    first.add(
        "hashing "
            + hashing
            + " (the defaults, written out): set hashing.profile (automate-dv, datavault4dbt,"
            + " vaultspeed) and hashing.algorithm (MD5, SHA-1, SHA-256) to match the tools that"
            + " share the vault before the first load, since every hash key depends on them");
    notes.addAll(0, first);
  }

  void print(PrintWriter err) {
    err.println("Review:");
    notes.forEach(n -> err.println("  - " + n));
    err.println(
        "Check the model with 'vaultstream validate MODEL' after editing it; 'vaultstream ddl"
            + " MODEL' shows the tables it makes.");
  }
}
