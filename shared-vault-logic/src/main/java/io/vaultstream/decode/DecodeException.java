package io.vaultstream.decode;

import io.vaultstream.event.StoredText;

/** A record that cannot be decoded or does not match the model (error code BAD_RECORD). */
public class DecodeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong and where; it may quote the record, so control characters and
   *     unpaired surrogates are escaped and it is bounded (it reaches logs, dead letters and the
   *     error table)
   */
  public DecodeException(String message) {
    super(StoredText.message(message));
  }

  public DecodeException(String message, Throwable cause) {
    super(StoredText.message(message), cause);
  }
}
