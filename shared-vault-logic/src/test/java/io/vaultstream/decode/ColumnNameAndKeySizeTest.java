package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Column names that become vault columns (a satellite that takes its columns from the events) must
 * be PostgreSQL identifiers, and keys must fit a btree index entry: otherwise the record is bad,
 * found while decoding, so it never reaches DDL or an index.
 */
class ColumnNameAndKeySizeTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  private ChangeEvent decode(String topic, Object... kv) {
    Map<String, Object> after = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      after.put((String) kv[i], kv[i + 1]);
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("op", "c");
    v.put("after", after);
    return decoder.decodeMap(topic, 0, 11, 0, v, null, null).orElseThrow();
  }

  /** sat_product lists no columns: every column of a products event becomes one of its columns. */
  private ChangeEvent product(String column, Object value) {
    return decode("shop.public.products", "id", 1L, "sku", "S1", column, value);
  }

  @Test
  void namesThatCannotBeColumnsAreBadRecords() {
    assertThatThrownBy(() -> product("", "x"))
        .isInstanceOf(DecodeException.class)
        .hasMessage(
            "shop.public.products/0@11: source 'products' has a column with an empty name; its"
                + " columns become columns of sat_product, whose names must be 1 to 63 bytes"
                + " without NUL");
    assertThatThrownBy(() -> product("a\u0000b", "x"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("column 'a\\u0000b'")
        .hasMessageContaining("NUL");
    String long64 = "c".repeat(64);
    assertThatThrownBy(() -> product(long64, "x"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("column '" + long64 + "'")
        .hasMessageContaining("64 bytes");
    // 'é' is two bytes in UTF-8: 32 of them are 64 bytes.
    assertThatThrownBy(() -> product("é".repeat(32), "x"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("64 bytes");
  }

  @Test
  void namesEqualInTheirFirst63BytesAreBadRecords() {
    String a = "n".repeat(63) + "_a";
    String b = "n".repeat(63) + "_b";
    assertThatThrownBy(() -> decode("shop.public.products", "id", 1L, "sku", "S1", a, 1L, b, 2L))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'" + a + "' and '" + b + "'")
        .hasMessageContaining("first 63 bytes");
  }

  @Test
  void namesThatDoNotBecomeColumnsAreNotChecked() {
    // sat_customer lists its columns: other columns of customers events are not stored.
    ChangeEvent e =
        decode("shop.public.customers", "id", 1L, "customer_no", "C1", "x".repeat(100), "y");
    assertThat(e.row()).containsKey("x".repeat(100));
    assertThat(product("n".repeat(63), 1L).row()).containsKey("n".repeat(63));
  }

  @Test
  void keysTooLongForTheKeyMapIndexAreBadRecords() {
    assertThat(decode("shop.public.order_status", "code", "c".repeat(1990)).row()).isNotEmpty();
    assertThatThrownBy(() -> decode("shop.public.order_status", "code", "c".repeat(2000)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.order_status/0@11")
        .hasMessageContaining("primary key [code]")
        .hasMessageContaining("2004 bytes")
        .hasMessageContaining("at most 2000");
    // Multi-byte characters count as their UTF-8 bytes.
    assertThatThrownBy(() -> decode("shop.public.order_status", "code", "é".repeat(1000)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("2004 bytes");
    assertThatThrownBy(
            () ->
                decode(
                    "shop.public.orders",
                    "id",
                    1L,
                    "order_no",
                    "O1",
                    "customer_id",
                    "9".repeat(2100)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("foreign key 'customer' [customer_id]");
  }
}
