package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import java.util.regex.Pattern;

/** {@link RejectedRowsContract} run against MariaDB. */
class MariaDbRejectedRowsIT extends RejectedRowsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  /** MariaDB's strict mode refuses the text; its message names the value and the column. */
  @Override
  protected Pattern priceRejected() {
    return Pattern.compile(
        "the database rejected the event's rows: .*Incorrect decimal value: 'twelve' for column"
            + " .*price.*",
        Pattern.DOTALL);
  }
}
