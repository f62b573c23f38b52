package io.vaultstream.hash;

import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.HashingSettings;
import java.util.List;

/**
 * The hash diff of a multi-active satellite's set: each member's hash diff input (its multi-active
 * key columns, then its attributes, under the profile's hash diff rule), the members ordered by
 * their multi-active key, joined by {@code ,} (the {@code vaultspeed} profile: by its delimiter),
 * then hashed once. Every row of the set stores this one diff. The empty set's diff is the digest
 * of the empty text.
 */
public final class SetHashDiff {
  private final HashKeyCalculator hasher;
  private final HashProfile profile;
  private final String separator;

  public SetHashDiff(HashKeyCalculator hasher) {
    this.hasher = hasher;
    HashingSettings s = hasher.settings();
    this.profile = HashProfile.of(s);
    this.separator = s.profile() == HashProfileName.VAULTSPEED ? s.delimiter() : ",";
  }

  /**
   * The text one member adds to its set's input (members are joined in multi-active key order).
   *
   * @param columns the multi-active key columns, then the attribute columns
   * @param values their canonical values
   */
  public String memberInput(List<String> columns, List<String> values) {
    String in = profile.diffInput(columns, values);
    return in == null ? "" : in;
  }

  /** The set's hash diff of its members' inputs, already in multi-active key order. */
  public String diff(List<String> memberInputs) {
    return hasher.digest(String.join(separator, memberInputs));
  }

  /** The hash diff of the empty set (every member deleted). */
  public String emptyDiff() {
    return hasher.digest("");
  }
}
