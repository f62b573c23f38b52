package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link AuditColumnsContract} on H2. */
class H2AuditColumnsIT extends AuditColumnsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
