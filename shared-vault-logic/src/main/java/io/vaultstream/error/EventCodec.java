package io.vaultstream.error;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.hash.CanonicalText;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stores a change event as JSON text in waiting and error rows, and reads it back. Values are kept
 * as their canonical text, which is all hashing and loading need.
 */
public final class EventCodec {
  private static final JsonFactory JSON = new JsonFactory();

  private EventCodec() {}

  /** The event as JSON text. */
  public static String write(ChangeEvent e) {
    StringWriter out = new StringWriter(256);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("source", e.sourceTable());
      g.writeStringField("op", e.operation().name());
      g.writeNumberField("time", e.eventTimeMicros());
      g.writeStringField("topic", e.position().topic());
      g.writeNumberField("partition", e.position().partition());
      g.writeNumberField("offset", e.position().offset());
      if (e.position().lsn() != null) {
        g.writeNumberField("lsn", e.position().lsn());
      }
      if (e.position().transaction() != null) {
        g.writeStringField("tx", e.position().transaction());
      }
      g.writeObjectFieldStart("row");
      for (Map.Entry<String, Object> c : e.row().entrySet()) {
        g.writeStringField(c.getKey(), CanonicalText.of(c.getValue()));
      }
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException ex) {
      throw new IllegalStateException(ex);
    }
    return out.toString();
  }

  /** Reads {@link #write(ChangeEvent)}. */
  public static ChangeEvent read(String json) {
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("not a JSON object");
      }
      StoredFields fields = new StoredFields();
      for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
        fields.read(name, p);
      }
      return fields.event();
    } catch (IOException | IllegalArgumentException ex) {
      throw new IllegalStateException("corrupt stored event: " + json, ex);
    }
  }

  /** The fields of a stored event as they are read, in whatever order they come. */
  private static final class StoredFields {
    private String source;
    private String op;
    private long time;
    private String topic;
    private int partition;
    private long offset;
    private Long lsn;
    private String tx;
    private Map<String, Object> row;

    /** Reads the value of the field {@code name}; skips a field it does not know. */
    void read(String name, JsonParser p) throws IOException {
      JsonToken t = p.nextToken();
      switch (name) {
        case "source" -> source = p.getText();
        case "op" -> op = p.getText();
        case "time" -> time = p.getLongValue();
        case "topic" -> topic = p.getText();
        case "partition" -> partition = p.getIntValue();
        case "offset" -> offset = p.getLongValue();
        case "lsn" -> lsn = t == JsonToken.VALUE_NULL ? null : p.getLongValue();
        case "tx" -> tx = p.getText();
        case "row" -> row = readRow(p);
        default -> p.skipChildren();
      }
    }

    /** The event the fields make. */
    ChangeEvent event() throws IOException {
      if (source == null || op == null || topic == null || row == null) {
        throw new IOException("source, op, topic or row missing");
      }
      return new ChangeEvent(
          source,
          Operation.valueOf(op),
          row,
          time,
          new SourcePosition(topic, partition, offset, lsn, tx),
          null,
          null);
    }
  }

  private static Map<String, Object> readRow(JsonParser p) throws IOException {
    Map<String, Object> row = new LinkedHashMap<>();
    for (String c = p.nextFieldName(); c != null; c = p.nextFieldName()) {
      row.put(c, p.nextToken() == JsonToken.VALUE_NULL ? null : p.getText());
    }
    return row;
  }

  /** The prefix of a raw record stored as base64. */
  private static final String BASE64 = "base64:";

  /**
   * Raw record bytes as text, losslessly: UTF-8 text when they are that and hold no NUL (which no
   * PostgreSQL text can hold), else {@code base64:...}; null stays null. {@link #rawBytes} reads it
   * back.
   */
  public static String raw(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    for (byte b : bytes) {
      if (b == 0) {
        return BASE64 + Base64.getEncoder().encodeToString(bytes);
      }
    }
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      if (!text.startsWith(BASE64)) {
        return text;
      }
    } catch (CharacterCodingException e) {
      // not text: base64 below
    }
    return BASE64 + Base64.getEncoder().encodeToString(bytes);
  }

  /** The bytes of a raw record stored by {@link #raw}; null stays null. */
  public static byte[] rawBytes(String stored) {
    if (stored == null) {
      return null;
    }
    return stored.startsWith(BASE64)
        ? Base64.getDecoder().decode(stored.substring(BASE64.length()))
        : stored.getBytes(StandardCharsets.UTF_8);
  }
}
