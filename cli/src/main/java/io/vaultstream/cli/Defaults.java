package io.vaultstream.cli;

/** Defaults shared by the commands, so that what one command writes the next one finds. */
final class Defaults {
  /**
   * The schema the quickstart and the demo load, and the one {@code status} and {@code errors} look
   * in when the connection's current schema holds no vault.
   */
  static final String VAULT_SCHEMA = "vault";

  private Defaults() {}
}
