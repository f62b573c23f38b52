package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * What a task keeps of a record while its batch waits: a record of raw bytes is kept without its
 * value (its event holds it), and given back whole, byte for byte, when it must go to the dead
 * letter queue; a converted record (a Struct) is kept as it came.
 */
class RecordIntakeTest {
  private final List<SinkRecord> reported = new ArrayList<>();
  private final RecordIntake intake =
      intake(
          (record, error) -> {
            reported.add(record);
            return java.util.concurrent.CompletableFuture.completedFuture(null);
          });

  /** An intake of the shop model reporting to {@code reporter}. */
  private static RecordIntake intake(ErrantRecordReporter reporter) {
    return new RecordIntake(
        new RecordConverter(
            new ChangeEventDecoder(
                ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults())),
        reporter);
  }

  @Test
  void aRawRecordIsKeptWithoutItsValueAndGivenBackWhole() {
    byte[] key = Samples.bytes("customers.key.json");
    byte[] value = Samples.bytes("customers.value.json");
    ConnectHeaders headers = new ConnectHeaders();
    headers.addString("trace", "t-1");
    byte[] binary = {(byte) 0xff, 0, (byte) 0xc3};
    headers.addBytes("__debezium.context.taskId", binary);
    headers.addString("trace", "t-2");
    SinkRecord received =
        new SinkRecord(
            "shop.public.customers",
            3,
            null,
            key.clone(),
            null,
            value.clone(),
            42L,
            1_767_600_000_000L,
            TimestampType.CREATE_TIME,
            headers);

    RecordIntake.Entry entry = intake.decode(received);

    assertThat(entry.event()).isNotNull();
    SinkRecord kept = entry.record();
    assertThat((byte[]) kept.key()).isEqualTo(key);
    assertThat(kept.value()).isNull();
    assertThat(kept.topic()).isEqualTo("shop.public.customers");
    assertThat(kept.kafkaPartition()).isEqualTo(3);
    assertThat(kept.kafkaOffset()).isEqualTo(42L);
    assertThat(kept.timestamp()).isEqualTo(1_767_600_000_000L);
    assertThat(kept.headers()).as("kept compactly, not as Connect's header list").isEmpty();

    SinkRecord again = RecordIntake.original(kept, entry.event());
    assertThat((byte[]) again.key()).isEqualTo(key);
    assertThat((byte[]) again.value()).isEqualTo(value);
    assertThat(again.kafkaOffset()).isEqualTo(42L);
    assertThat(again.headers())
        .extracting(h -> h.key() + "=" + h.value())
        .as("every header, in order")
        .containsExactly("trace=t-1", "__debezium.context.taskId=" + binary, "trace=t-2");
    assertThat(again.headers().lastWithName("__debezium.context.taskId").value()).isSameAs(binary);
    assertThat(again.headers().lastWithName("trace").schema())
        .isEqualTo(headers.lastWithName("trace").schema());
  }

  /** A record received with the given headers, each a fresh array or String. */
  private static SinkRecord withHeaders(long offset, String trace, byte[] task) {
    ConnectHeaders headers = new ConnectHeaders();
    headers.addString("trace", new String(trace.toCharArray()));
    headers.addBytes("__debezium.context.taskId", task.clone());
    return new SinkRecord(
        "shop.public.customers",
        0,
        null,
        Samples.bytes("customers.key.json"),
        null,
        Samples.bytes("customers.value.json"),
        offset,
        1L,
        TimestampType.CREATE_TIME,
        headers);
  }

  private static Object header(SinkRecord kept, RecordIntake.Entry e, String name) {
    return RecordIntake.original(kept, e.event()).headers().lastWithName(name).value();
  }

  @Test
  void recordsWithTheSameHeadersShareOneCopyAndEachGetsItsOwnBack() {
    byte[] task = {'0'};
    RecordIntake.Entry first = intake.decode(withHeaders(1, "t", task));
    RecordIntake.Entry same = intake.decode(withHeaders(2, "t", task));
    RecordIntake.Entry other = intake.decode(withHeaders(3, "u", new byte[] {'1'}));
    RecordIntake.Entry againSame = intake.decode(withHeaders(4, "u", new byte[] {'1'}));

    String id = "__debezium.context.taskId";
    assertThat(header(same.record(), same, id))
        .as("equal bytes kept once")
        .isSameAs(header(first.record(), first, id));
    assertThat(header(same.record(), same, "trace"))
        .isSameAs(header(first.record(), first, "trace"));
    assertThat((byte[]) header(other.record(), other, id)).containsExactly('1');
    assertThat(header(other.record(), other, "trace")).isEqualTo("u");
    assertThat(header(againSame.record(), againSame, id))
        .isSameAs(header(other.record(), other, id));
    assertThat((byte[]) header(first.record(), first, id))
        .as("an earlier record keeps its own headers")
        .containsExactly('0');
    assertThat(header(first.record(), first, "trace")).isEqualTo("t");
  }

  @Test
  void aRecordATransformRenamedIsGivenBackWhereItWasRead() {
    byte[] value = Samples.bytes("customers.value.json");
    // Read from raw.customers partition 2; a router gave it the topic the model names.
    SinkRecord read =
        new SinkRecord("raw.customers", 2, null, null, null, value.clone(), 42L, 1L, null, null);
    SinkRecord routed =
        read.newRecord("shop.public.customers", 0, null, null, null, value.clone(), 1L);

    RecordIntake.Entry entry = intake.decode(routed);
    SinkRecord again = RecordIntake.original(entry.record(), entry.event());

    assertThat(again.topic()).isEqualTo("raw.customers");
    assertThat(again.kafkaPartition()).isEqualTo(2);
    assertThat(again.kafkaOffset()).isEqualTo(42L);
    assertThat((byte[]) again.value()).isEqualTo(value);
  }

  @Test
  void aConvertedRecordIsKeptAsItCame() {
    JsonConverter json = new JsonConverter();
    json.configure(java.util.Map.of("schemas.enable", "true", "converter.type", "value"));
    SchemaAndValue v =
        json.toConnectData("shop.public.customers", Samples.bytes("customers.value.json"));
    SinkRecord received =
        new SinkRecord("shop.public.customers", 0, null, null, v.schema(), v.value(), 7L);

    RecordIntake.Entry entry = intake.decode(received);

    assertThat(entry.event()).isNotNull();
    assertThat(entry.record()).isSameAs(received);
    assertThat(RecordIntake.original(entry.record(), entry.event())).isSameAs(received);
  }

  @Test
  void aBadRecordKeepsItsBytesAndIsReportedAsReceived() {
    byte[] value = "not json".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    SinkRecord received = new SinkRecord("shop.public.customers", 0, null, null, null, value, 8L);

    RecordIntake.Entry entry = intake.decode(received);

    assertThat(entry.bad()).isNotNull();
    assertThat(entry.record()).isSameAs(received);
    assertThat(reported).containsExactly(received);
  }

  @Test
  void aReportThatFailsOnceTheBatchCommittedIsLoggedNotThrown() {
    RecordIntake refusing =
        intake(
            (record, error) -> {
              throw new NullPointerException("a record without a timestamp");
            });
    SinkRecord r = new SinkRecord("shop.public.customers", 0, null, null, null, null, 9L);

    refusing.reportCommitted(r, new io.vaultstream.decode.DecodeException("MISSING_PARENT: x"));
  }
}
