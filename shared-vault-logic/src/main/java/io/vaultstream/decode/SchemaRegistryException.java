package io.vaultstream.decode;

/**
 * The schema registry cannot serve schemas for a reason that is not the record's (it refused the
 * credentials, or answered what no registry answers): not a bad record, and no retry helps until
 * the configuration changes. The runtimes fail the task or batch with it instead of storing the
 * record as an error row.
 */
public class SchemaRegistryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SchemaRegistryException(String message) {
    super(message);
  }

  public SchemaRegistryException(String message, Throwable cause) {
    super(message, cause);
  }
}
