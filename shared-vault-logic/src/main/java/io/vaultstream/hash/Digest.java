package io.vaultstream.hash;

import io.vaultstream.model.HashAlgorithm;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Computes a digest of UTF-8 text as hexadecimal. Each thread reuses its own MessageDigest per
 * algorithm, its own text buffer (the profiles write a hash input into it), the bytes the text is
 * encoded into and the digest's output: a hash allocates only the hexadecimal text it returns. The
 * text is encoded exactly as {@code String.getBytes(UTF_8)} encodes it (a lone surrogate as {@code
 * ?}).
 */
final class Digest {
  /** Buffers past this size are not kept for the thread's next hash. */
  private static final int KEEP_CHARS = 1 << 16;

  private static final byte[] LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] UPPER = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /** One thread's digests and buffers. */
  private static final class Scratch {
    final Map<HashAlgorithm, MessageDigest> digests = new EnumMap<>(HashAlgorithm.class);
    StringBuilder text = new StringBuilder(256);
    byte[] bytes = new byte[768];
    final byte[] out = new byte[64];
    final byte[] hex = new byte[128];
  }

  private Digest() {}

  /**
   * This thread's text buffer, emptied: a hash input is written into it and passed to {@link #hex}.
   * Valid until the thread's next call.
   */
  static StringBuilder text() {
    Scratch s = SCRATCH.get();
    if (s.text.capacity() > KEEP_CHARS) {
      s.text = new StringBuilder(256);
    }
    s.text.setLength(0);
    return s.text;
  }

  static String hex(HashAlgorithm algorithm, CharSequence text, boolean upper) {
    Scratch s = SCRATCH.get();
    MessageDigest md = s.digests.computeIfAbsent(algorithm, Digest::instance);
    int need = text.length() * 3;
    byte[] bytes = s.bytes;
    if (bytes.length < need) {
      bytes = new byte[need];
      if (need <= KEEP_CHARS * 3) {
        s.bytes = bytes;
      }
    }
    md.update(bytes, 0, utf8(text, bytes));
    int n;
    try {
      n = md.digest(s.out, 0, s.out.length);
    } catch (DigestException e) {
      throw new IllegalStateException(e);
    }
    byte[] digits = upper ? UPPER : LOWER;
    for (int i = 0; i < n; i++) {
      s.hex[2 * i] = digits[(s.out[i] >> 4) & 0xF];
      s.hex[2 * i + 1] = digits[s.out[i] & 0xF];
    }
    return new String(s.hex, 0, 2 * n, StandardCharsets.ISO_8859_1);
  }

  /**
   * Encodes text as UTF-8 into {@code out} (at least three bytes per char); returns the length. A
   * surrogate pair is one four-byte character; a surrogate without its pair becomes {@code ?}.
   */
  static int utf8(CharSequence text, byte[] out) {
    int n = 0;
    int len = text.length();
    for (int i = 0; i < len; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        out[n++] = (byte) c;
      } else if (c < 0x800) {
        out[n++] = (byte) (0xC0 | (c >> 6));
        out[n++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        char low = i + 1 < len ? text.charAt(i + 1) : 0;
        if (Character.isHighSurrogate(c) && Character.isLowSurrogate(low)) {
          int cp = Character.toCodePoint(c, low);
          out[n++] = (byte) (0xF0 | (cp >> 18));
          out[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          out[n++] = (byte) (0x80 | (cp & 0x3F));
          i++;
        } else {
          out[n++] = '?';
        }
      } else {
        out[n++] = (byte) (0xE0 | (c >> 12));
        out[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        out[n++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return n;
  }

  private static MessageDigest instance(HashAlgorithm a) {
    try {
      return MessageDigest.getInstance(a.jcaName());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JDK lacks " + a.jcaName(), e);
    }
  }
}
