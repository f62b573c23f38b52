package io.vaultstream.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.SourcePosition;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Events stored in waiting and error rows read back as they were, values as canonical text. */
class EventCodecTest {
  @Test
  void anEventReadsBackAsWritten() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", 7L);
    row.put("name", "Zoë \"Z\" \\ Müller");
    row.put("price", new BigDecimal("29.70"));
    row.put("city", null);
    ChangeEvent e =
        new ChangeEvent(
            "customers",
            Operation.UPDATE,
            row,
            1_767_225_600_000_123L,
            new SourcePosition("shop.public.customers", 2, 41, 10_042L),
            null,
            null);
    String json = EventCodec.write(e);
    assertThat(json)
        .startsWith(
            "{\"source\":\"customers\",\"op\":\"UPDATE\",\"time\":1767225600000123,"
                + "\"topic\":\"shop.public.customers\",\"partition\":2,\"offset\":41,\"lsn\":10042,"
                + "\"row\":{\"id\":\"7\"");
    ChangeEvent back = EventCodec.read(json);
    assertThat(back.sourceTable()).isEqualTo("customers");
    assertThat(back.operation()).isEqualTo(Operation.UPDATE);
    assertThat(back.eventTimeMicros()).isEqualTo(1_767_225_600_000_123L);
    assertThat(back.position()).isEqualTo(e.position());
    assertThat(back.row())
        .containsExactly(
            Map.entry("id", "7"),
            Map.entry("name", "Zoë \"Z\" \\ Müller"),
            Map.entry("price", "29.70"),
            new java.util.AbstractMap.SimpleEntry<>("city", null));
  }

  @Test
  void withoutLsnAndInAnyFieldOrder() {
    ChangeEvent back =
        EventCodec.read(
            "{\"row\":{\"code\":\"NEW\"},\"offset\":3,\"partition\":0,\"topic\":\"t\","
                + "\"time\":5,\"op\":\"DELETE\",\"source\":\"order_status\",\"extra\":[1,{\"a\":2}]}");
    assertThat(back.position()).isEqualTo(new SourcePosition("t", 0, 3, null));
    assertThat(back.operation()).isEqualTo(Operation.DELETE);
    assertThat(back.row()).containsExactly(Map.entry("code", "NEW"));
  }

  @Test
  void aCorruptEventIsNamed() {
    assertThatThrownBy(() -> EventCodec.read("{\"source\":\"x\"}"))
        .hasMessageStartingWith("corrupt stored event: {\"source\":\"x\"}");
    assertThatThrownBy(() -> EventCodec.read("[1]")).hasMessageStartingWith("corrupt stored event");
  }

  @Test
  void rawRecordsAreStoredLosslessly() {
    byte[][] records = {
      "{\"op\":\"c\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8),
      // Confluent wire format starts with a NUL; these bytes are valid UTF-8 too.
      {0, 0, 0, 0, 1, 'a', 'b'},
      {(byte) 0xff, (byte) 0xfe, 1},
      "base64:not really".getBytes(java.nio.charset.StandardCharsets.UTF_8),
    };
    for (byte[] r : records) {
      String stored = EventCodec.raw(r);
      assertThat(stored).doesNotContain("\u0000");
      assertThat(EventCodec.rawBytes(stored)).isEqualTo(r);
    }
    assertThat(EventCodec.raw(records[0])).isEqualTo("{\"op\":\"c\"}");
    assertThat(EventCodec.raw(null)).isNull();
    assertThat(EventCodec.rawBytes(null)).isNull();
  }
}
