package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import java.util.regex.Pattern;

/** {@link RejectedRowsContract} run against H2. */
class H2RejectedRowsIT extends RejectedRowsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }

  /** H2's message names the value and the type it did not convert to. */
  @Override
  protected Pattern priceRejected() {
    return Pattern.compile(
        "the database rejected the event's rows: .*Data conversion error converting \"twelve\".*",
        Pattern.DOTALL);
  }
}
