package io.vaultstream.cli;

/**
 * Singular forms of plural table names for vault names ({@code customers} gives {@code
 * hub_customer}), by simple English rules; a name the rules are unsure about is kept as it is.
 */
final class EnglishNames {
  private EnglishNames() {}

  /**
   * The singular of the name's last word: "ies" becomes "y", "sses" becomes "ss", a final "s" goes
   * except after "s", "u" or "i" (status, bus, analysis); words ending in "ches", "shes", "xes" or
   * "zes" (whose singular the rules cannot tell) are kept.
   */
  static String singular(String name) {
    int cut = name.lastIndexOf('_') + 1;
    String head = name.substring(0, cut);
    String word = name.substring(cut);
    String lower = word.toLowerCase(java.util.Locale.ROOT);
    if (lower.length() < 3 || !lower.endsWith("s")) {
      return name;
    }
    if (lower.endsWith("ies") && lower.length() > 4) {
      return head + word.substring(0, word.length() - 3) + (isUpper(word) ? "Y" : "y");
    }
    if (lower.endsWith("sses")) {
      return head + word.substring(0, word.length() - 2);
    }
    if (lower.endsWith("ss")
        || lower.endsWith("us")
        || lower.endsWith("is")
        || lower.endsWith("ches")
        || lower.endsWith("shes")
        || lower.endsWith("xes")
        || lower.endsWith("zes")) {
      return name;
    }
    return head + word.substring(0, word.length() - 1);
  }

  private static boolean isUpper(String word) {
    return word.equals(word.toUpperCase(java.util.Locale.ROOT));
  }
}
