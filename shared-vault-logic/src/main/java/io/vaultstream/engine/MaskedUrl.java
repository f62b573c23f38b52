package io.vaultstream.engine;

import java.util.regex.Pattern;

/**
 * A JDBC or HTTP URL, or a message holding one, fit for logs and output: passwords in it replaced
 * by {@code ***}.
 */
public final class MaskedUrl {
  // password=... (sslpassword=, PASSWORD=) as a query or property parameter. PostgreSQL's and
  // MariaDB's drivers split parameters at '&' only and take the rest as the value, quotes, ';' and
  // spaces included: the whole value is masked, up to the next '&' or the end of the line (of a
  // message holding a URL, what follows the password is masked too).
  private static final Pattern PARAMETER = Pattern.compile("(?i)(password=)[^&\\r\\n]*");
  // user:password@ before the host; the password ends at the '@' (a '/', '?' or '#' before it
  // would end the URL's authority, so there is no user info).
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#\\s]*:)[^/@?#\\r\\n]*@");

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
