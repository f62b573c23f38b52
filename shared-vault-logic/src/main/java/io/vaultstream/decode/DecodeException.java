package io.vaultstream.decode;

/** A record that cannot be decoded or does not match the model (error code BAD_RECORD). */
public class DecodeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DecodeException(String message) {
    super(message);
  }

  public DecodeException(String message, Throwable cause) {
    super(message, cause);
  }
}
