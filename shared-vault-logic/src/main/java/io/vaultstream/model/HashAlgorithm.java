package io.vaultstream.model;

import java.util.Locale;

/** The digest algorithms a hash key or hash diff can use. */
public enum HashAlgorithm {
  MD5("MD5", 16),
  SHA1("SHA-1", 20),
  SHA256("SHA-256", 32);

  private final String jcaName;
  private final int bytes;

  HashAlgorithm(String jcaName, int bytes) {
    this.jcaName = jcaName;
    this.bytes = bytes;
  }

  /** The name the JDK's MessageDigest knows it by. */
  public String jcaName() {
    return jcaName;
  }

  /** Digest length in bytes. */
  public int bytes() {
    return bytes;
  }

  /** Parses MD5, SHA-1/SHA1, SHA-256/SHA256/SHA2 (case-insensitive). */
  public static HashAlgorithm parse(String text) {
    String t = text.trim().toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
    return switch (t) {
      case "MD5" -> MD5;
      case "SHA1" -> SHA1;
      case "SHA256", "SHA2", "SHA" -> SHA256;
      default ->
          throw new IllegalArgumentException(
              "unknown hash algorithm '" + text + "'; valid: MD5, SHA-1, SHA-256");
    };
  }
}
