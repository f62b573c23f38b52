package io.vaultstream.cli;

/**
 * A problem with what the user gave or with the database they pointed at (no vault there, several
 * vaults to choose from): printed as is, exit code 2, never a stack trace or a raw SQL error.
 */
final class UserError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UserError(String message) {
    super(message);
  }
}
