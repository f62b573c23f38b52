package io.vaultstream.table;

/** What a vault table is, which decides how it is loaded. */
public enum TableKind {
  HUB,
  LINK,
  NON_HISTORIZED_LINK,
  SATELLITE,
  REFERENCE,
  /** The engine's own bookkeeping (key map and the like). */
  TECHNICAL
}
