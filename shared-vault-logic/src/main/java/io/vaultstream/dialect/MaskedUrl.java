package io.vaultstream.dialect;

import java.util.regex.Pattern;

/**
 * A JDBC or HTTP URL, or a message holding one, fit for logs and output: passwords in it replaced
 * by {@code ***}, or of a URL whose syntax is unknown only its scheme. The one place that hides
 * secrets in URLs.
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

  /**
   * Only the URL's scheme ({@code jdbc:name:}, at most 40 characters), for a URL no known driver
   * reads: the rest may hold a password in any driver's syntax, which {@link #of} cannot know.
   */
  public static String scheme(String url) {
    if (url == null) {
      return "";
    }
    int first = url.indexOf(':');
    int second = first < 0 ? -1 : url.indexOf(':', first + 1);
    int end = url.startsWith("jdbc:") && second > 0 ? second + 1 : first + 1;
    return url.substring(0, Math.min(end, 40));
  }
}
