package io.vaultstream.model;

import java.io.Serializable;

/**
 * How hash keys and hash diffs are computed and stored.
 *
 * @param profile the tool whose values are reproduced
 * @param algorithm MD5, SHA-1 or SHA-256
 * @param binary store hashes as bytes instead of hexadecimal text
 * @param delimiter the vaultspeed profile's delimiter
 * @param nullValue the vaultspeed profile's value for a NULL business key column
 * @param trimTrailingNulls the datavault4dbt profile's {@code use_rtrim}: a hash diff leaves out
 *     the NULL values after the last non-NULL one
 */
public record HashingSettings(
    HashProfileName profile,
    HashAlgorithm algorithm,
    boolean binary,
    String delimiter,
    String nullValue,
    boolean trimTrailingNulls)
    implements Serializable {

  /** Settings without trailing-NULL trimming. */
  public HashingSettings(
      HashProfileName profile,
      HashAlgorithm algorithm,
      boolean binary,
      String delimiter,
      String nullValue) {
    this(profile, algorithm, binary, delimiter, nullValue, false);
  }

  /** The defaults: automate-dv, MD5, hexadecimal. */
  public static HashingSettings defaults() {
    return new HashingSettings(HashProfileName.AUTOMATE_DV, HashAlgorithm.MD5, false, "#", "~NL~");
  }

  /** The same settings with another profile. */
  public HashingSettings withProfile(HashProfileName other) {
    return new HashingSettings(other, algorithm, binary, delimiter, nullValue, trimTrailingNulls);
  }
}
