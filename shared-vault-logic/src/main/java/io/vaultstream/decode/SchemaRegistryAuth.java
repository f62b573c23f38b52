package io.vaultstream.decode;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * How the engine authenticates to the schema registry: HTTP basic with Confluent's {@code
 * user:password} user info, or a bearer token; never both. Its text form masks the secrets.
 *
 * @param userInfo {@code user:password} for basic authentication, or null
 * @param bearerToken a token for bearer authentication, or null
 */
public record SchemaRegistryAuth(String userInfo, String bearerToken) implements Serializable {

  public SchemaRegistryAuth {
    userInfo = blankToNull(userInfo);
    bearerToken = blankToNull(bearerToken);
    if (userInfo != null && bearerToken != null) {
      throw new IllegalArgumentException(
          "give the schema registry either basic authentication (user info) or a bearer token,"
              + " not both");
    }
    if (userInfo != null && userInfo.indexOf(':') < 1) {
      throw new IllegalArgumentException(
          "the schema registry's basic authentication user info must be user:password");
    }
  }

  /** No authentication. */
  public static SchemaRegistryAuth none() {
    return new SchemaRegistryAuth(null, null);
  }

  /** Whether any authentication is configured. */
  public boolean configured() {
    return userInfo != null || bearerToken != null;
  }

  /** The value of the HTTP Authorization header, or null for none. */
  public String header() {
    if (userInfo != null) {
      return "Basic "
          + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
    }
    return bearerToken == null ? null : "Bearer " + bearerToken;
  }

  @Override
  public String toString() {
    if (userInfo != null) {
      return "basic(" + userInfo.substring(0, userInfo.indexOf(':')) + ":***)";
    }
    return bearerToken != null ? "bearer(***)" : "none";
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
