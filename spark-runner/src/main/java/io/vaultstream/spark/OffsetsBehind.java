package io.vaultstream.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.Map;

/**
 * How far a Kafka source of a streaming query is behind the latest offsets: from the progress's
 * {@code endOffset} (where the batch stopped) and {@code latestOffset} (the newest offsets the
 * source saw), both JSON of the form {@code {"topic": {"0": 42, "1": 17}}}.
 */
final class OffsetsBehind {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What {@link #of} returns when the offsets are missing or not a Kafka source's. */
  static final long UNKNOWN = -1;

  private OffsetsBehind() {}

  /**
   * The records between the batch's end and the latest offsets, summed over every partition of
   * every topic; {@link #UNKNOWN} when either side is missing or not Kafka offsets.
   */
  static long of(String endOffset, String latestOffset) {
    if (endOffset == null || latestOffset == null) {
      return UNKNOWN;
    }
    JsonNode end;
    JsonNode latest;
    try {
      end = JSON.readTree(endOffset);
      latest = JSON.readTree(latestOffset);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return UNKNOWN;
    }
    if (end == null || latest == null || !end.isObject() || !latest.isObject()) {
      return UNKNOWN;
    }
    long behind = 0;
    for (Iterator<Map.Entry<String, JsonNode>> topics = latest.fields(); topics.hasNext(); ) {
      Map.Entry<String, JsonNode> topic = topics.next();
      if (!topic.getValue().isObject()) {
        return UNKNOWN;
      }
      JsonNode done = end.path(topic.getKey());
      for (Iterator<Map.Entry<String, JsonNode>> parts = topic.getValue().fields();
          parts.hasNext(); ) {
        Map.Entry<String, JsonNode> part = parts.next();
        JsonNode at = done.path(part.getKey());
        if (!part.getValue().canConvertToLong() || !at.canConvertToLong()) {
          return UNKNOWN;
        }
        behind += Math.max(0, part.getValue().asLong() - at.asLong());
      }
    }
    return behind;
  }
}
