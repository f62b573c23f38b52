package io.vaultstream.write;

import java.sql.SQLException;

/**
 * The loader's own refusal to go on with a vault whose tables lack what the model or the events
 * need while it may not change them (auto-create or auto-evolve off): it names what is missing and
 * the statement to run. Not a table or column the database lost while the loader ran (that one the
 * database reports, and auto-create brings back).
 */
public final class ShapeRefused extends SQLException {
  private static final long serialVersionUID = 1L;

  ShapeRefused(String message, String sqlState) {
    super(message, sqlState);
  }
}
