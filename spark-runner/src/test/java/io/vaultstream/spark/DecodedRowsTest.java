package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * A Kafka record read as Spark's internal row (as the JDBC queries read them) decodes to what the
 * same record read as a {@link Row} (as the lakehouse writer reads them) does: events, bad records,
 * positions and their anchors.
 */
class DecodedRowsTest {
  private static final VaultModel MODEL =
      ModelLoader.parse(
          """
          { "name": "rows", "recordSource": "SRC",
            "sources": { "people": { "topic": "src.people", "primaryKey": ["id"] } },
            "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                      "sources": { "people": ["person_no"] } } } }
          """,
          "rows");

  /** The Kafka source's columns, as Spark's Kafka source gives them. */
  private static final StructType KAFKA =
      new StructType()
          .add("key", DataTypes.BinaryType)
          .add("value", DataTypes.BinaryType)
          .add("topic", DataTypes.StringType)
          .add("partition", DataTypes.IntegerType)
          .add("offset", DataTypes.LongType)
          .add("timestamp", DataTypes.TimestampType)
          .add("timestampType", DataTypes.IntegerType);

  private static final VaultOptions OPTIONS = VaultOptions.builder().outsideADatabase().build();

  @Test
  void internalRowsDecodeAsRowsDo() {
    long millis = 1_700_000_000_123L;
    DecodedRows fromRows = decoded();
    DecodedRows fromInternal = decoded();
    // Deferred, the records are kept until the chunks take them: after the row was reused.
    DecodedRows deferred =
        DecodedRows.deferred(new ChangeEventDecoder(MODEL, DecoderOptions.defaults()), OPTIONS);
    for (int offset = 0; offset < 3; offset++) {
      byte[] key = ("{\"id\":" + offset + "}").getBytes(StandardCharsets.UTF_8);
      byte[] value = offset == 1 ? "not json".getBytes(StandardCharsets.UTF_8) : person(offset);
      fromRows.add(
          RowFactory.create(key, value, "src.people", 0, (long) offset, new Timestamp(millis)));
      fromInternal.add(internal(key, value, offset, millis * 1000 + 456));
    }
    fromRows.add(RowFactory.create(null, null, "src.people", 0, 3L, null));
    fromInternal.add(internal(null, null, 3, null));

    assertThat(fromInternal.count).isEqualTo(4);
    assertThat(fromInternal.events())
        .hasSize(2)
        .usingRecursiveComparison()
        .isEqualTo(fromRows.events());
    assertThat(fromInternal.bad).usingRecursiveComparison().isEqualTo(fromRows.bad);
    assertThat(fromInternal.bad).hasSize(1);
    assertThat(fromInternal.positions()).containsExactlyInAnyOrderElementsOf(fromRows.positions());
    // The last record had no timestamp: its position has no anchor.
    assertThat(fromInternal.positions())
        .containsExactly(
            io.vaultstream.engine.TopicIncarnations.anchored("src.people", 0, 3, null));
  }

  @Test
  void theSourcesColumnsAreReadInPlaceOnlyInTheirOrderAndTypes() {
    StructType kafka = KAFKA;
    assertThat(KafkaRows.sourceOrder(kafka)).isTrue();
    StructType swapped =
        new StructType(
            new org.apache.spark.sql.types.StructField[] {
              kafka.fields()[1], kafka.fields()[0], kafka.fields()[2],
              kafka.fields()[3], kafka.fields()[4], kafka.fields()[5]
            });
    assertThat(KafkaRows.sourceOrder(swapped)).isFalse();
    StructType text =
        new StructType()
            .add("key", DataTypes.StringType)
            .add("value", DataTypes.StringType)
            .add("topic", DataTypes.StringType)
            .add("partition", DataTypes.IntegerType)
            .add("offset", DataTypes.LongType)
            .add("timestamp", DataTypes.TimestampType);
    assertThat(KafkaRows.sourceOrder(text)).isFalse();
    assertThat(KafkaRows.sourceOrder(new StructType().add("key", DataTypes.BinaryType))).isFalse();
  }

  @Test
  void aReusedUnsafeRowAndKafkasNoTimestampDecodeAsRowsDo() {
    // The Kafka source's rows are UnsafeRows that Spark reuses for the next record; -1 ms is
    // Kafka's "no timestamp".
    org.apache.spark.sql.catalyst.expressions.UnsafeProjection unsafe =
        org.apache.spark.sql.catalyst.expressions.UnsafeProjection.create(KAFKA);
    DecodedRows fromRows = decoded();
    DecodedRows fromInternal = decoded();
    // Deferred, the records are kept until the chunks take them: after the row was reused.
    DecodedRows deferred =
        DecodedRows.deferred(new ChangeEventDecoder(MODEL, DecoderOptions.defaults()), OPTIONS);
    for (int offset = 0; offset < 3; offset++) {
      byte[] key = ("{\"id\":" + offset + "}").getBytes(StandardCharsets.UTF_8);
      long millis = offset == 2 ? -1 : 1_700_000_000_000L + offset;
      fromRows.add(
          RowFactory.create(
              key, person(offset), "src.people", 0, (long) offset, new Timestamp(millis)));
      InternalRow reused = unsafe.apply(internal(key, person(offset), offset, millis * 1000));
      fromInternal.add(reused);
      deferred.add(reused);
    }
    assertThat(deferred.events())
        .hasSize(3)
        .usingRecursiveComparison()
        .ignoringCollectionOrder()
        .isEqualTo(fromRows.events());
    assertThat(fromInternal.events())
        .hasSize(3)
        .usingRecursiveComparison()
        .isEqualTo(fromRows.events());
    assertThat(fromInternal.positions()).containsExactlyInAnyOrderElementsOf(fromRows.positions());
  }

  @Test
  void eachPartitionsPositionFollowsItsLastRecordWhateverTheOrderOfTheRuns() {
    // A coalesced micro-batch reads partitions one after another, in one reused row; a topic or
    // partition may come back after another (two micro-batch partitions of one topic partition).
    org.apache.spark.sql.catalyst.expressions.UnsafeProjection unsafe =
        org.apache.spark.sql.catalyst.expressions.UnsafeProjection.create(KAFKA);
    DecodedRows rows = decoded();
    Object[][] records = {
      {"src.people", 0, 5L}, {"src.people", 0, 6L}, {"src.people", 1, 2L}, {"src.other", 0, 9L},
      {"src.people", 0, 3L}, {"src.people", 1, 4L}, {"src.other", 0, 10L}, {"src.people", 1, 1L}
    };
    for (Object[] r : records) {
      long offset = (Long) r[2];
      rows.add(
          unsafe.apply(
              new GenericInternalRow(
                  new Object[] {
                    null,
                    null,
                    UTF8String.fromString((String) r[0]),
                    r[1],
                    offset,
                    (1_700_000_000_000L + offset) * 1000,
                    0
                  })));
    }
    assertThat(rows.count).isEqualTo(records.length);
    assertThat(rows.positions())
        .containsExactlyInAnyOrder(
            io.vaultstream.engine.TopicIncarnations.anchored(
                "src.people", 0, 6, 1_700_000_000_006L),
            io.vaultstream.engine.TopicIncarnations.anchored(
                "src.people", 1, 4, 1_700_000_000_004L),
            io.vaultstream.engine.TopicIncarnations.anchored(
                "src.other", 0, 10, 1_700_000_000_010L));
  }

  @Test
  void aRecordReadTwiceAndOneWithoutATimestampGiveOnePositionEach() {
    // Two micro-batch partitions may read the same record of a topic partition (a tie of offsets);
    // a record may come without a timestamp (a null column): its position is anchored without one,
    // as the same record read as a Row is.
    DecodedRows rows = decoded();
    DecodedRows fromRows = decoded();
    Object[][] records = {
      {0, 7L, 1_700_000_000_007L}, {1, 3L, null}, {0, 7L, 1_700_000_000_007L}, {1, 2L, null}
    };
    for (Object[] r : records) {
      long offset = (Long) r[1];
      Long millis = (Long) r[2];
      byte[] key = ("{\"id\":" + offset + "}").getBytes(StandardCharsets.UTF_8);
      rows.add(
          new GenericInternalRow(
              new Object[] {
                key,
                person((int) offset),
                UTF8String.fromString("src.people"),
                r[0],
                offset,
                millis == null ? null : millis * 1000,
                0
              }));
      fromRows.add(
          RowFactory.create(
              key,
              person((int) offset),
              "src.people",
              r[0],
              offset,
              millis == null ? null : new Timestamp(millis)));
    }
    assertThat(rows.positions())
        .containsExactlyInAnyOrder(
            io.vaultstream.engine.TopicIncarnations.anchored(
                "src.people", 0, 7, 1_700_000_000_007L),
            io.vaultstream.engine.TopicIncarnations.anchored("src.people", 1, 3, null))
        .containsExactlyInAnyOrderElementsOf(fromRows.positions());
    assertThat(rows.events()).hasSize(4).usingRecursiveComparison().isEqualTo(fromRows.events());
  }

  @Test
  void deferredRowsDecodeWhenAskedToTheSameEventsInSourceOrderAndTheSameBadRecords() {
    DecodedRows eager = decoded();
    DecodedRows deferred =
        DecodedRows.deferred(new ChangeEventDecoder(MODEL, DecoderOptions.defaults()), OPTIONS);
    // Two partitions, each in source order, read one after the other; one record is not JSON.
    for (int partition = 0; partition < 2; partition++) {
      for (int offset = 0; offset < 5; offset++) {
        int id = offset * 2 + partition;
        byte[] value =
            partition == 1 && offset == 3
                ? "{not json".getBytes(StandardCharsets.UTF_8)
                : person(id, 1_700_000_000_000L + id);
        byte[] key = ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8);
        for (DecodedRows rows : new DecodedRows[] {eager, deferred}) {
          rows.add(
              new GenericInternalRow(
                  new Object[] {
                    key,
                    value,
                    UTF8String.fromString("src.people"),
                    partition,
                    (long) offset,
                    1_700_000_000_000_000L,
                    0
                  }));
        }
      }
    }
    assertThat(deferred.bad).as("nothing decoded yet").isEmpty();
    assertThat(deferred.positions()).containsExactlyInAnyOrderElementsOf(eager.positions());
    java.util.List<io.vaultstream.event.ChangeEvent> sorted =
        new java.util.ArrayList<>(eager.events());
    sorted.sort(io.vaultstream.event.ChangeEvent.SOURCE_ORDER);
    assertThat(deferred.events()).hasSize(9).usingRecursiveComparison().isEqualTo(sorted);
    assertThat(deferred.events().get(1).get("person_no")).isEqualTo("P1");
    assertThat(deferred.bad).usingRecursiveComparison().isEqualTo(eager.bad);
  }

  private static DecodedRows decoded() {
    return new DecodedRows(new ChangeEventDecoder(MODEL, DecoderOptions.defaults()), OPTIONS);
  }

  private static byte[] person(int id) {
    return person(id, 1_700_000_000_000L);
  }

  /** A person's change event committed at {@code millis}. */
  private static byte[] person(int id, long millis) {
    return ("{\"before\":null,\"after\":{\"id\":%d,\"person_no\":\"P%d\"},\"op\":\"c\","
            + "\"ts_ms\":%d,\"source\":{\"ts_ms\":%d}}")
        .formatted(id, id, millis, millis)
        .getBytes(StandardCharsets.UTF_8);
  }

  private static InternalRow internal(byte[] key, byte[] value, long offset, Long micros) {
    return new GenericInternalRow(
        new Object[] {key, value, UTF8String.fromString("src.people"), 0, offset, micros, 0});
  }
}
