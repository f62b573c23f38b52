package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import java.util.regex.Pattern;

/** {@link RejectedRowsContract} run against PostgreSQL. */
class PostgresRejectedRowsIT extends RejectedRowsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  @Override
  protected Pattern priceRejected() {
    return Pattern.compile(
        Pattern.quote(
            "the database rejected the event's rows: ERROR: invalid input syntax for type"
                + " numeric: \"twelve\"   Where: COPY sat_product, line 1, column price: \"twelve\""));
  }
}
