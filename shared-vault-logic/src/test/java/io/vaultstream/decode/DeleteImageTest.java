package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A delete's before image carries the primary key and, under PostgreSQL's default replica identity,
 * placeholders in the other columns: only the key is held to the declared types, so a placeholder
 * that does not fit its column's type never turns the delete into a bad record.
 */
class DeleteImageTest {
  private static final VaultModel MODEL =
      ModelLoader.parse(
          """
          { "name": "shop",
            "sources": { "orders": { "topic": "t.orders", "primaryKey": ["id"],
                "columns": { "id": "bigint", "order_no": "text", "amount": "numeric(12,2)" } } },
            "hubs": { "hub_order": { "hashKey": "order_hk", "businessKey": ["order_no"],
                                     "sources": { "orders": ["order_no"] } } },
            "satellites": { "sat_order": { "parent": "hub_order", "source": "orders" } } }
          """,
          "model.json");
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(MODEL, DecoderOptions.defaults());

  private ChangeEvent decode(String json) {
    return decoder
        .decode("t.orders", 0, 5, 0, null, json.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }

  @Test
  void aDeleteWithPlaceholdersDecodesWithItsKeyConverted() {
    ChangeEvent e =
        decode(
            "{\"op\":\"d\",\"before\":{\"id\":\"7\",\"order_no\":\"\",\"amount\":\"\"},"
                + "\"source\":{\"ts_ms\":1767225600000}}");
    assertThat(e.operation()).isEqualTo(Operation.DELETE);
    assertThat(e.get("id")).isEqualTo(7L);
  }

  @Test
  void theSameValueInARowImageIsStillABadRecord() {
    assertThatThrownBy(
            () ->
                decode(
                    "{\"op\":\"c\",\"after\":{\"id\":\"7\",\"order_no\":\"O7\",\"amount\":\"\"},"
                        + "\"source\":{\"ts_ms\":1767225600000}}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("amount");
  }

  @Test
  void aDeleteWhoseKeyDoesNotFitIsABadRecord() {
    assertThatThrownBy(
            () ->
                decode(
                    "{\"op\":\"d\",\"before\":{\"id\":\"seven\"},"
                        + "\"source\":{\"ts_ms\":1767225600000}}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("id");
  }
}
