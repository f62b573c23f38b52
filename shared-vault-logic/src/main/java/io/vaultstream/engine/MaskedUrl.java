package io.vaultstream.engine;

import java.util.regex.Pattern;

/** A JDBC or HTTP URL fit for logs and messages: passwords in it replaced by {@code ***}. */
public final class MaskedUrl {
  // password=... as a query or property parameter (pgjdbc takes & and ;), any case.
  private static final Pattern PARAMETER = Pattern.compile("(?i)(password=)[^&;]*");
  // user:password@ before the host.
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#]*:)[^/@?#]*@");

  private MaskedUrl() {}

  /** The URL with every password in it masked; null stays null. */
  public static String of(String url) {
    if (url == null) {
      return null;
    }
    String out = PARAMETER.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(out).replaceAll("$1***@");
  }
}
