package io.vaultstream.event;

import java.io.Serializable;
import java.util.function.Supplier;

/**
 * A record's key or value as received, kept for the error and waiting rows it may end up in: its
 * bytes, or a recipe that makes them only when such a row is written. An adapter whose converter
 * already parsed the bytes away (a Connect {@code Struct}) would otherwise render every record back
 * to JSON, though few of them ever become a waiting or error row.
 */
public final class RawBytes implements Serializable {
  private static final long serialVersionUID = 1L;

  private transient Supplier<byte[]> recipe;
  private byte[] bytes;

  private RawBytes(byte[] bytes, Supplier<byte[]> recipe) {
    this.bytes = bytes;
    this.recipe = recipe;
  }

  /** Bytes as received (null stays null). */
  public static RawBytes of(byte[] bytes) {
    return bytes == null ? null : new RawBytes(bytes, null);
  }

  /** Bytes made by {@code recipe} the first time they are asked for. */
  public static RawBytes later(Supplier<byte[]> recipe) {
    return new RawBytes(null, recipe);
  }

  /** The bytes of {@code raw}, or null when there is none. */
  public static byte[] bytes(RawBytes raw) {
    return raw == null ? null : raw.get();
  }

  /** The bytes, made now if they were not yet. */
  public synchronized byte[] get() {
    if (recipe != null) {
      bytes = recipe.get();
      recipe = null;
    }
    return bytes;
  }

  /** Serialized with its bytes: the recipe stays in the JVM that made it. */
  private Object writeReplace() {
    get();
    return this;
  }
}
