package io.vaultstream.decode;

/**
 * The schema registry answered 404 for a record's schema id, for less time than the client waits
 * such an answer out (a follower of the registry may not know a new id yet): retriable, like an
 * outage, but bounded by the client itself, after which the record is a bad record. A runtime that
 * counts retries need not count these.
 */
public final class SchemaIdNotYetKnownException extends SchemaRegistryUnavailableException {
  private static final long serialVersionUID = 1L;

  public SchemaIdNotYetKnownException(String message) {
    super(message);
  }
}
