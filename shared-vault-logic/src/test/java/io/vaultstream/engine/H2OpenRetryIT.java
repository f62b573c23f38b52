package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link OpenRetryContract} run against H2. */
class H2OpenRetryIT extends OpenRetryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }

  /** H2's own state for a broken connection. */
  @Override
  protected String connectionLostState() {
    return "90067";
  }
}
