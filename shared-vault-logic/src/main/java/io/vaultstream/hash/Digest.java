package io.vaultstream.hash;

import io.vaultstream.model.HashAlgorithm;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;

/** Computes a digest of UTF-8 text as hexadecimal, reusing one MessageDigest per thread. */
final class Digest {
  private static final ThreadLocal<Map<HashAlgorithm, MessageDigest>> DIGESTS =
      ThreadLocal.withInitial(() -> new EnumMap<>(HashAlgorithm.class));

  private Digest() {}

  static String hex(HashAlgorithm algorithm, String text, boolean upper) {
    MessageDigest md =
        DIGESTS
            .get()
            .computeIfAbsent(
                algorithm,
                a -> {
                  try {
                    return MessageDigest.getInstance(a.jcaName());
                  } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException("The JDK lacks " + a.jcaName(), e);
                  }
                });
    byte[] out = md.digest(text.getBytes(StandardCharsets.UTF_8));
    return upper ? HexFormat.of().withUpperCase().formatHex(out) : HexFormat.of().formatHex(out);
  }
}
