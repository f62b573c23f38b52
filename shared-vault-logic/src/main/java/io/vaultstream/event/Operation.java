package io.vaultstream.event;

/** What happened to the source row. */
public enum Operation {
  INSERT,
  UPDATE,
  DELETE,
  /** A snapshot read: loaded like an insert. */
  READ;

  /** Whether the event carries the row's new state (everything but a delete). */
  public boolean carriesRow() {
    return this != DELETE;
  }
}
