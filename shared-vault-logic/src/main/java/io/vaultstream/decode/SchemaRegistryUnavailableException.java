package io.vaultstream.decode;

/**
 * The schema registry is out of reach for now (HTTP 5xx, 408 or 429, a timeout, a refused
 * connection): retriable. The record is not at fault, so it never becomes a bad record; the
 * runtimes retry the batch after a backoff (Connect: a retriable exception, the batch is delivered
 * again; Spark: the batch fails and runs again).
 */
public class SchemaRegistryUnavailableException extends SchemaRegistryException {
  private static final long serialVersionUID = 1L;

  public SchemaRegistryUnavailableException(String message) {
    super(message);
  }

  public SchemaRegistryUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
