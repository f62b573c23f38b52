package io.vaultstream.decode;

import io.vaultstream.event.SourcePosition;

/**
 * A value that does not fit its type, found where the record's position is not known; the decoder
 * puts the record's topic, partition and offset in front of the message.
 */
final class ValueException extends DecodeException {
  private static final long serialVersionUID = 1L;

  ValueException(String message) {
    super(message);
  }

  ValueException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The same problem as a decode error naming the record. */
  DecodeException at(SourcePosition record) {
    return new DecodeException(record + ": " + getMessage(), this);
  }
}
