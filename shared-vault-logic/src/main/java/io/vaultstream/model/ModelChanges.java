package io.vaultstream.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a new version of a model changes in a vault loaded with the previous one: changes that give
 * every key of a table a new hash key (a business key, a hub's collision code, a link's hubs or
 * dependent child key, the hashing settings), changes that give every row of a satellite a new hash
 * diff (a declared column removed), and tables the new model no longer loads. Adding tables,
 * sources or satellite columns changes nothing that is stored.
 */
public final class ModelChanges {

  /** One change, with the table it concerns and whether it re-keys or re-hashes stored rows. */
  public record Change(String table, String message, boolean breaking) {}

  private ModelChanges() {}

  /** The changes from {@code before} to {@code after}, breaking ones first. */
  public static List<Change> between(VaultModel before, VaultModel after) {
    List<Change> out = new ArrayList<>();
    settings(before, after, out);
    keyed(before, after, out);
    historized(before, after, out);
    tracking(before, after, out);
    types(before, after, out);
    out.sort((a, b) -> Boolean.compare(b.breaking(), a.breaking()));
    return out;
  }

  /** The hashing settings and the technical column names, which concern every table. */
  private static void settings(VaultModel before, VaultModel after, List<Change> out) {
    if (!Objects.equals(before.hashing(), after.hashing())) {
      out.add(
          new Change(
              "(all)",
              "the hashing settings change from "
                  + describe(before.hashing())
                  + " to "
                  + describe(after.hashing())
                  + ": every hash key and hash diff changes",
              true));
    }
    if (!Objects.equals(before.naming(), after.naming())) {
      out.add(
          new Change(
              "(all)",
              "the technical column names (naming) change: existing tables do not have the new"
                  + " columns",
              true));
    }
  }

  /** Hubs and links: what their keys are made of. */
  private static void keyed(VaultModel before, VaultModel after, List<Change> out) {
    compare(
        before.hubs(),
        after.hubs(),
        out,
        (name, old, now) -> {
          if (!old.businessKey().equals(now.businessKey())
              || !Objects.equals(old.collisionCode(), now.collisionCode())) {
            out.add(rekeyed(name, "its business key or collision code"));
          } else if (!old.sources().equals(now.sources())) {
            out.add(
                new Change(
                    name,
                    "the source columns that carry its business key change: keys of the rows"
                        + " loaded from now on follow the new columns",
                    false));
          }
        });
    compare(
        before.links(),
        after.links(),
        out,
        (name, old, now) -> {
          if (!old.hubs().equals(now.hubs())
              || !old.dependentChildKey().equals(now.dependentChildKey())) {
            out.add(rekeyed(name, "its hubs or dependent child key"));
          }
        });
  }

  /** Satellites and reference tables: their keys, and the attributes their versions hold. */
  private static void historized(VaultModel before, VaultModel after, List<Change> out) {
    compare(
        before.satellites(),
        after.satellites(),
        out,
        (name, old, now) -> {
          if (!old.parent().equals(now.parent())
              || !Objects.equals(old.via(), now.via())
              || !old.multiActiveKey().equals(now.multiActiveKey())) {
            out.add(
                rekeyed(
                    name, "its parent, the foreign key it is fed through or its multi-active key"));
          } else {
            attributes(
                name,
                attributes(before, old.columns(), old.source()),
                attributes(after, now.columns(), now.source()),
                out);
          }
        });
    compare(
        before.referenceTables(),
        after.referenceTables(),
        out,
        (name, old, now) -> {
          if (!old.code().equals(now.code())) {
            out.add(rekeyed(name, "its code columns"));
          } else {
            attributes(
                name,
                attributes(before, old.columns(), old.source()),
                attributes(after, now.columns(), now.source()),
                out);
          }
        });
  }

  /** Effectivity and status satellites: what they track. */
  private static void tracking(VaultModel before, VaultModel after, List<Change> out) {
    compare(
        before.effectivitySatellites(),
        after.effectivitySatellites(),
        out,
        (name, old, now) -> {
          if (!old.link().equals(now.link()) || !old.drivingKey().equals(now.drivingKey())) {
            out.add(rekeyed(name, "its link or driving key"));
          }
        });
    compare(
        before.statusSatellites(),
        after.statusSatellites(),
        out,
        (name, old, now) -> {
          if (!old.parent().equals(now.parent())) {
            out.add(rekeyed(name, "its hub"));
          }
        });
  }

  /**
   * Declared types of a source's columns that change: a wider type of the same kind widens the
   * vault columns at start; another kind makes the loader refuse to start on the vault.
   */
  private static void types(VaultModel before, VaultModel after, List<Change> out) {
    before
        .sources()
        .forEach(
            (name, old) -> {
              SourceTable now = after.sources().get(name);
              if (now == null) {
                return;
              }
              for (String column : old.columns().keySet()) {
                if (!now.columns().containsKey(column)) {
                  continue;
                }
                String from = canonicalOrText(old.declaredType(column));
                String to = canonicalOrText(now.declaredType(column));
                TypeWidening.Verdict v = TypeWidening.of(from, to);
                if (v == TypeWidening.Verdict.SAME) {
                  continue;
                }
                out.add(typeChange(name, column, from, to, v));
              }
            });
  }

  /** What a changed declared type does to the vault columns, by how the types compare. */
  private static Change typeChange(
      String table, String column, String from, String to, TypeWidening.Verdict v) {
    String change = "the declared type of column " + column + " changes from " + from + " to " + to;
    return switch (v) {
      case WIDER ->
          new Change(
              table,
              change
                  + ": the loader widens the vault columns at start"
                  + " (auto-evolve; without it, it names the statements to run)",
              false);
      case NARROWER ->
          new Change(
              table,
              change
                  + ": the vault columns stay as they are; new values are"
                  + " checked against "
                  + to,
              false);
      default ->
          new Change(
              table,
              change
                  + ": another kind of type, which the loader does not"
                  + " change: it refuses to start on the vault until its columns"
                  + " are changed by hand, or load a new table (docs/OPERATIONS.md)",
              true);
    };
  }

  private static String canonicalOrText(String declared) {
    String t = declared == null ? null : TypeGrammar.canonical(declared);
    return t == null ? "text" : t;
  }

  /** What one kind of object's change is: compares an object with its new version. */
  private interface Comparison<T> {
    void compare(String name, T before, T after);
  }

  /**
   * Each object of {@code before}: dropped from {@code after}, or compared with its new version.
   */
  private static <T> void compare(
      Map<String, T> before, Map<String, T> after, List<Change> out, Comparison<T> comparison) {
    before.forEach(
        (name, old) -> {
          T now = after.get(name);
          if (now == null) {
            out.add(dropped(name));
          } else {
            comparison.compare(name, old, now);
          }
        });
  }

  private static List<String> attributes(VaultModel m, List<String> declared, String source) {
    return declared != null ? declared : m.defaultAttributesOf(source);
  }

  private static void attributes(
      String table, List<String> before, List<String> after, List<Change> out) {
    if (before == null || after == null) {
      return; // columns taken from events: they are only ever added
    }
    List<String> removed = new ArrayList<>(before);
    removed.removeAll(after);
    if (!removed.isEmpty()) {
      out.add(
          new Change(
              table,
              "the column(s) "
                  + removed
                  + " are no longer loaded: every hash diff changes, and each key's next event"
                  + " writes a version (keep a column the source dropped in the model: it then"
                  + " holds NULL and only rows that had a value get a version)",
              true));
    }
    List<String> added = new ArrayList<>(after);
    added.removeAll(before);
    if (!added.isEmpty()) {
      out.add(
          new Change(
              table,
              "the column(s) "
                  + added
                  + " are added at the end of the table; rows that do not change get no new"
                  + " version",
              false));
    }
  }

  private static Change dropped(String table) {
    return new Change(
        table, "is no longer in the model: the table stays in the vault and is not loaded", false);
  }

  private static Change rekeyed(String table, String what) {
    return new Change(
        table,
        "the model changes "
            + what
            + ": every key changes, so the rows loaded from now on do not meet the stored ones."
            + " Load a new table (a new name) or re-key the vault (docs/OPERATIONS.md)",
        true);
  }

  private static String describe(HashingSettings h) {
    return h.profile().id()
        + "/"
        + h.algorithm().jcaName()
        + (h.binary() ? "/binary" : "/hex")
        + (h.trimTrailingNulls() ? "/trimTrailingNulls" : "");
  }
}
