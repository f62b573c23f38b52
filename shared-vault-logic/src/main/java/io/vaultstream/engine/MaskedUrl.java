package io.vaultstream.engine;

import java.util.regex.Pattern;

/**
 * A JDBC or HTTP URL, or a message holding one, fit for logs and output: passwords in it replaced
 * by {@code ***}.
 */
public final class MaskedUrl {
  // password=... as a query or property parameter (pgjdbc takes & and ;), any case; it ends at
  // white space or a quote too, so a URL inside a message (a driver's error) is masked alone.
  private static final Pattern PARAMETER = Pattern.compile("(?i)(password=)[^&;\\s'\"]*");
  // user:password@ before the host.
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#\\s]*:)[^/@?#\\s]*@");

  private MaskedUrl() {}

  /** The URL (or message) with every password in it masked; null stays null. */
  public static String of(String url) {
    if (url == null) {
      return null;
    }
    String out = PARAMETER.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(out).replaceAll("$1***@");
  }

  /**
   * Whether the URL carries a password (a {@code password=} parameter or {@code user:password@}),
   * which anything that shows or logs the URL would reveal.
   */
  public static boolean hasPassword(String url) {
    return url != null && !of(url).equals(url);
  }
}
