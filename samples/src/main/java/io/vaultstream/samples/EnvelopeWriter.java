package io.vaultstream.samples;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;

/** Writes keys and Debezium envelopes as the JsonConverter does: a schema and a payload. */
final class EnvelopeWriter {
  /** The Debezium release the samples came from. */
  static final String DEBEZIUM_VERSION = "3.6.1.Final";

  /** Where an event happened in the source database: its transaction and log position. */
  record Source(long tsMicros, Long previousCommitLsn, long txId, long lsn) {}

  private final JsonFactory factory = new JsonFactory();
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(2048);

  byte[] key(ShopTables.Table t, Object[] row) {
    try (JsonGenerator g = start()) {
      g.writeStartObject();
      g.writeFieldName("schema");
      g.writeRawValue(ShopTables.keySchema(t.name()));
      g.writeFieldName("payload");
      writeRow(g, t.columns().subList(0, t.keyColumns()), row);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.toByteArray();
  }

  byte[] value(
      ShopTables.Table t, String op, Object[] before, Object[] after, Source src, long tsNanos) {
    try (JsonGenerator g = start()) {
      g.writeStartObject();
      g.writeFieldName("schema");
      g.writeRawValue(ShopTables.valueSchema(t.name()));
      g.writeObjectFieldStart("payload");
      g.writeFieldName("before");
      writeRow(g, t.columns(), before);
      g.writeFieldName("after");
      writeRow(g, t.columns(), after);
      writeSource(g, t, src);
      g.writeNullField("transaction");
      g.writeStringField("op", op);
      g.writeNumberField("ts_ms", tsNanos / 1_000_000);
      g.writeNumberField("ts_us", tsNanos / 1000);
      g.writeNumberField("ts_ns", tsNanos);
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.toByteArray();
  }

  /** The envelope's {@code source} block: where the event happened in the source database. */
  private static void writeSource(JsonGenerator g, ShopTables.Table t, Source src)
      throws IOException {
    g.writeObjectFieldStart("source");
    g.writeStringField("version", DEBEZIUM_VERSION);
    g.writeStringField("connector", "postgresql");
    g.writeStringField("name", "shop");
    g.writeNumberField("ts_ms", src.tsMicros() / 1000);
    g.writeStringField("snapshot", "false");
    g.writeStringField("db", "shop");
    g.writeStringField("sequence", sequence(src));
    g.writeNumberField("ts_us", src.tsMicros());
    g.writeNumberField("ts_ns", src.tsMicros() * 1000);
    g.writeStringField("schema", "public");
    g.writeStringField("table", t.name());
    g.writeNumberField("txId", src.txId());
    g.writeNumberField("lsn", src.lsn());
    g.writeNullField("xmin");
    g.writeNullField("origin");
    g.writeNullField("origin_lsn");
    g.writeEndObject();
  }

  /** Debezium's PostgreSQL sequence: the last commit's LSN and this event's, as JSON text. */
  private static String sequence(Source src) {
    String previous =
        src.previousCommitLsn() == null ? "null" : "\"" + src.previousCommitLsn() + "\"";
    return "[" + previous + ",\"" + src.lsn() + "\"]";
  }

  private JsonGenerator start() throws IOException {
    buffer.reset();
    return factory.createGenerator(buffer);
  }

  private static void writeRow(JsonGenerator g, List<ShopTables.Column> columns, Object[] row)
      throws IOException {
    if (row == null) {
      g.writeNull();
      return;
    }
    g.writeStartObject();
    for (int i = 0; i < columns.size(); i++) {
      g.writeFieldName(columns.get(i).name());
      Object v = row[i];
      if (v == null) {
        g.writeNull();
      } else if (v instanceof Long l) {
        g.writeNumber(l);
      } else if (v instanceof Integer n) {
        g.writeNumber(n);
      } else if (v instanceof BigDecimal d) {
        g.writeString(Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray()));
      } else {
        g.writeString(v.toString());
      }
    }
    g.writeEndObject();
  }
}
