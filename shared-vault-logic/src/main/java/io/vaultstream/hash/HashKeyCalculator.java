package io.vaultstream.hash;

import io.vaultstream.model.HashAlgorithm;
import io.vaultstream.model.HashingSettings;
import java.io.Serializable;
import java.util.List;

/**
 * Computes hash keys and hash diffs for one model's hashing settings; results are hexadecimal text
 * in the profile's case (stored as bytes when the model asks for binary output).
 */
public final class HashKeyCalculator implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The text hashed for each business key value of a hub the engine could not resolve. */
  public static final String UNKNOWN_VALUE = "(unknown)";

  private final HashingSettings settings;
  private transient HashProfile profile;

  public HashKeyCalculator(HashingSettings settings) {
    this.settings = settings;
  }

  private HashProfile profile() {
    if (profile == null) {
      profile = HashProfile.of(settings);
    }
    return profile;
  }

  /** The settings this calculator follows. */
  public HashingSettings settings() {
    return settings;
  }

  /** Number of hexadecimal characters of one hash. */
  public int hexLength() {
    return settings.algorithm().bytes() * 2;
  }

  /** The hash key of canonical values, or {@code null} when the profile loads no row for them. */
  public String hashKey(List<String> values) {
    StringBuilder input = Digest.text();
    if (!profile().appendKeyInput(values, input)) {
      return profile().allNullKey(hexLength());
    }
    return Digest.hex(settings.algorithm(), input, profile().upperHex());
  }

  /** The hash diff of a satellite's attribute values. */
  public String hashDiff(List<String> columns, List<String> values) {
    StringBuilder input = Digest.text();
    if (!profile().appendDiffInput(columns, values, input)) {
      String zero = profile().allNullKey(hexLength());
      return zero != null ? zero : digest("");
    }
    return Digest.hex(settings.algorithm(), input, profile().upperHex());
  }

  /** Whether a hash diff takes this value as NULL (see {@link HashProfile#diffValueIsNull}). */
  public boolean diffValueIsNull(String value) {
    return profile().diffValueIsNull(value);
  }

  /** The digest of already-prepared text (used by the hash command's raw mode and tests). */
  public String digest(String input) {
    HashAlgorithm a = settings.algorithm();
    return Digest.hex(a, input, profile().upperHex());
  }

  /** The key of the null ghost record (all zeros). */
  public String nullKey() {
    return "0".repeat(hexLength());
  }

  /** The key of the unknown ghost record (all f, in the profile's case). */
  public String unknownKey() {
    return (profile().upperHex() ? "F" : "f").repeat(hexLength());
  }
}
