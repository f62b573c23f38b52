package io.vaultstream.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.decode.ChangeEvent;
import io.vaultstream.decode.Operation;
import io.vaultstream.decode.SourcePosition;
import io.vaultstream.hash.CanonicalText;
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
  private static final ObjectMapper JSON = new ObjectMapper();

  private EventCodec() {}

  /** The event as JSON text. */
  public static String write(ChangeEvent e) {
    ObjectNode n = JSON.createObjectNode();
    n.put("source", e.sourceTable());
    n.put("op", e.operation().name());
    n.put("time", e.eventTimeMicros());
    n.put("topic", e.position().topic());
    n.put("partition", e.position().partition());
    n.put("offset", e.position().offset());
    if (e.position().lsn() != null) {
      n.put("lsn", e.position().lsn());
    }
    ObjectNode row = n.putObject("row");
    e.row().forEach((k, v) -> row.put(k, CanonicalText.of(v)));
    try {
      return JSON.writeValueAsString(n);
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException(ex);
    }
  }

  /** Reads {@link #write(ChangeEvent)}. */
  public static ChangeEvent read(String json) {
    try {
      JsonNode n = JSON.readTree(json);
      Map<String, Object> row = new LinkedHashMap<>();
      n.get("row")
          .fields()
          .forEachRemaining(
              f -> row.put(f.getKey(), f.getValue().isNull() ? null : f.getValue().asText()));
      Long lsn = n.has("lsn") ? n.get("lsn").asLong() : null;
      return new ChangeEvent(
          n.get("source").asText(),
          Operation.valueOf(n.get("op").asText()),
          row,
          n.get("time").asLong(),
          new SourcePosition(
              n.get("topic").asText(), n.get("partition").asInt(), n.get("offset").asLong(), lsn),
          null,
          null);
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("corrupt stored event: " + json, ex);
    }
  }

  /** Raw record bytes as text: UTF-8 when they are, else {@code base64:...}; null stays null. */
  public static String raw(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString()
          .replace("\u0000", "\\u0000");
    } catch (CharacterCodingException e) {
      return "base64:" + Base64.getEncoder().encodeToString(bytes);
    }
  }
}
