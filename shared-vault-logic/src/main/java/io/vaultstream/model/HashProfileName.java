package io.vaultstream.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The hashing profiles: each reproduces one Data Vault tool's hash values. */
public enum HashProfileName {
  AUTOMATE_DV("automate-dv"),
  DATAVAULT4DBT("datavault4dbt"),
  VAULTSPEED("vaultspeed");

  private final String id;

  HashProfileName(String id) {
    this.id = id;
  }

  /** The name used in models, configuration and on the command line. */
  public String id() {
    return id;
  }

  /** Parses a profile name (case-insensitive; underscores accepted for dashes). */
  public static HashProfileName parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (HashProfileName p : values()) {
      if (p.id.equals(t)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown hashing profile '" + text + "'; valid: " + validNames());
  }

  /** The valid names, comma-separated, for error messages. */
  public static String validNames() {
    return Arrays.stream(values()).map(HashProfileName::id).collect(Collectors.joining(", "));
  }
}
