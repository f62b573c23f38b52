package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * Connect Structs with values java.time cannot hold (a Debezium MicroTime past the end of the day)
 * are decode errors naming the record and field, not a DateTimeException that kills the task; the
 * end of the day itself is PostgreSQL's {@code 24:00:00}.
 */
class RecordConverterTest {
  private final RecordConverter converter =
      new RecordConverter(
          new ChangeEventDecoder(ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults()));

  private static final Schema MICRO_TIME =
      SchemaBuilder.int64().name("io.debezium.time.MicroTime").optional().build();
  private static final Schema AFTER =
      SchemaBuilder.struct()
          .field("id", Schema.INT64_SCHEMA)
          .field("sku", Schema.STRING_SCHEMA)
          .field("opens_at", MICRO_TIME)
          .build();
  private static final Schema SOURCE = SchemaBuilder.struct().field("ts_ms", Schema.INT64_SCHEMA);
  private static final Schema ENVELOPE =
      SchemaBuilder.struct()
          .field("op", Schema.STRING_SCHEMA)
          .field("after", AFTER)
          .field("source", SOURCE)
          .build();

  private static SinkRecord product(long opensAtMicros) {
    Struct value =
        new Struct(ENVELOPE)
            .put("op", "c")
            .put(
                "after",
                new Struct(AFTER).put("id", 1L).put("sku", "S1").put("opens_at", opensAtMicros))
            .put("source", new Struct(SOURCE).put("ts_ms", 1_700_000_000_000L));
    return new SinkRecord("shop.public.products", 3, null, null, ENVELOPE, value, 21);
  }

  @Test
  void theEndOfTheDayIsKeptAsPostgresWritesIt() {
    ChangeEvent e = converter.convert(product(86_400_000_000L)).orElseThrow();
    assertThat(CanonicalText.of(e.get("opens_at"))).isEqualTo("24:00:00");
    assertThat(
            CanonicalText.of(converter.convert(product(1_000_000L)).orElseThrow().get("opens_at")))
        .isEqualTo("00:00:01");
  }

  @Test
  void aTimePastTheEndOfTheDayIsADecodeErrorNamingRecordAndField() {
    SinkRecord r = product(86_400_000_001L);
    assertThatThrownBy(() -> converter.convert(r))
        .isInstanceOf(DecodeException.class)
        .hasMessageStartingWith(
            "shop.public.products/3@21: field 'after.opens_at' (io.debezium.time.MicroTime):")
        .hasMessageContaining("from 00:00:00 to 24:00:00")
        .hasMessageContaining("86400000001");
    // The error row still gets the record's value, as Connect prints it.
    assertThat(new String(RecordConverter.raw(r.value()), StandardCharsets.UTF_8))
        .contains("opens_at=86400000001");
  }
}
