package io.vaultstream.hash;

import io.vaultstream.model.HashingSettings;
import java.util.List;

/**
 * One tool's rules for turning canonical values into hash keys and hash diffs. Values are canonical
 * text ({@link CanonicalText}), {@code null} for SQL NULL; results are hexadecimal text.
 */
public interface HashProfile {

  /** The text hashed for a key, or {@code null} when the profile loads no row for it. */
  default String keyInput(List<String> values) {
    StringBuilder sb = new StringBuilder();
    return appendKeyInput(values, sb) ? sb.toString() : null;
  }

  /** The text hashed for a hash diff; columns and values in the satellite's declared order. */
  default String diffInput(List<String> columns, List<String> values) {
    StringBuilder sb = new StringBuilder();
    return appendDiffInput(columns, values, sb) ? sb.toString() : null;
  }

  /**
   * Appends the text hashed for a key to {@code out} (empty when called); false, with nothing
   * appended, when the profile loads no row for it.
   */
  boolean appendKeyInput(List<String> values, StringBuilder out);

  /**
   * Appends the text hashed for a hash diff to {@code out} (empty when called); false, with nothing
   * appended, when the profile has no text for it (see {@link #allNullKey}).
   */
  boolean appendDiffInput(List<String> columns, List<String> values, StringBuilder out);

  /**
   * Whether a hash diff takes this value as it takes NULL (the profile then cannot tell them apart
   * in a hash diff): NULL itself, and for profiles that trim text and turn empty text into NULL, an
   * empty or blank text.
   */
  default boolean diffValueIsNull(String value) {
    return value == null;
  }

  /** Whether hexadecimal output is upper case. */
  boolean upperHex();

  /** The key used when every value is NULL, or {@code null} when the profile loads no row. */
  default String allNullKey(int hexLength) {
    return null;
  }

  /** The profile for these settings. */
  static HashProfile of(HashingSettings settings) {
    return switch (settings.profile()) {
      case AUTOMATE_DV -> new AutomateDvProfile();
      case DATAVAULT4DBT -> new Datavault4dbtProfile(settings.trimTrailingNulls());
      case VAULTSPEED -> new VaultSpeedProfile(settings.delimiter(), settings.nullValue());
    };
  }

  /** Removes spaces (U+0020 only) from both ends, as SQL TRIM does. */
  static String trimSpaces(String s) {
    int b = 0;
    int e = s.length();
    while (b < e && s.charAt(b) == ' ') {
      b++;
    }
    while (e > b && s.charAt(e - 1) == ' ') {
      e--;
    }
    return s.substring(b, e);
  }

  /** {@link #upper} in place, on the characters of {@code sb} from {@code from} on. */
  static void upper(StringBuilder sb, int from) {
    for (int i = from; i < sb.length(); ) {
      int cp = sb.codePointAt(i);
      int u = Character.toUpperCase(cp);
      if (u != cp && Character.charCount(u) == Character.charCount(cp)) {
        if (Character.charCount(u) == 1) {
          sb.setCharAt(i, (char) u);
        } else {
          sb.replace(i, i + 2, new String(Character.toChars(u)));
        }
      }
      i += Character.charCount(cp);
    }
  }

  /** Upper-cases each character on its own (simple case mapping), never changing the length. */
  static String upper(String s) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int u = Character.toUpperCase(cp);
      if (u != cp && Character.charCount(u) == Character.charCount(cp)) {
        if (sb == null) {
          sb = new StringBuilder(s);
        }
        if (Character.charCount(u) == 1) {
          sb.setCharAt(i, (char) u);
        } else {
          sb.replace(i, i + 2, new String(Character.toChars(u)));
        }
      }
      i += Character.charCount(cp);
    }
    return sb == null ? s : sb.toString();
  }
}
