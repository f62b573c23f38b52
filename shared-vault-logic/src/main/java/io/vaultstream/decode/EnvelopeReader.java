package io.vaultstream.decode;

import com.fasterxml.jackson.core.JsonParser;
import io.vaultstream.event.RawBytes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads JSON record values as {@link JsonValueReader#read} does, faster for the schema envelope
 * {@code {"schema":...,"payload":...}} that Kafka's JsonConverter writes: the schema text repeats
 * on every record of a topic (most of a Debezium record's bytes), so each topic's schemas are kept,
 * prepared ({@link SchemaNode}), with their exact bytes. A record whose schema bytes equal a kept
 * one skips them unparsed and streams its payload straight into values (of a Debezium envelope's
 * source block, only the texts the loader reads: {@link SchemaNode#leavingSourceTextsUnread}); a
 * new schema (a column added mid-topic) is parsed and kept, up to {@value #SCHEMAS_PER_TOPIC} per
 * topic and {@value #MAX_TOPICS} topics.
 *
 * <p>Whatever this fast way does not recognise (another layout, a payload that fails its schema,
 * text that is not JSON), it hands to the general way, which gives the value or the error message
 * it always gave. Safe for use by several threads.
 */
final class EnvelopeReader {
  static final int SCHEMAS_PER_TOPIC = 4;
  static final int MAX_TOPICS = 1024;
  private static final byte[] SCHEMA = "\"schema\"".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PAYLOAD = "\"payload\"".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] USUAL_HEAD = "{\"schema\":".getBytes(StandardCharsets.US_ASCII);

  /** What {@link #fast} answers for a record it leaves to the general way. */
  static final Object FALLBACK = new Object();

  /** A kept schema: its exact text and what it was prepared into. */
  private record Kept(byte[] bytes, SchemaNode node) {}

  /** Per topic, the kept schemas, the last one used first; arrays are replaced, never changed. */
  private final Map<String, Kept[]> kept = new ConcurrentHashMap<>();

  /**
   * A record's value, and its bytes as the event keeps them for the waiting or error row it may
   * become: on the fast way, the bytes after the kept schema copied and the schema's bytes shared
   * with every other record of that schema, so the record's own array (mostly schema) need not live
   * as long as its event; otherwise the record's array itself.
   */
  record Read(Object value, RawBytes raw) {}

  /** The value of the bytes, as {@link JsonValueReader#read} gives it. */
  Object read(String topic, byte[] bytes) {
    return readKeeping(topic, bytes).value();
  }

  /** The value of the bytes, as {@link #read} gives it, with the bytes to keep. */
  Read readKeeping(String topic, byte[] bytes) {
    Object fast = fast(topic, bytes);
    if (fast instanceof Read r) {
      return r;
    }
    return new Read(JsonValueReader.read(bytes), RawBytes.of(bytes));
  }

  /** Number of schemas kept for a topic (for tests). */
  int keptSchemas(String topic) {
    Kept[] k = kept.get(topic);
    return k == null ? 0 : k.length;
  }

  private Object fast(String topic, byte[] b) {
    int i = JsonBytes.skipSpace(b, 0);
    if (i >= b.length || b[i] != '{') {
      return FALLBACK;
    }
    int schemaStart =
        JsonBytes.colon(b, JsonBytes.literal(b, JsonBytes.skipSpace(b, i + 1), SCHEMA));
    int close = JsonBytes.lastBrace(b);
    if (schemaStart < 0 || close < 0) {
      return FALLBACK;
    }
    // A kept schema is one whole JSON object, so bytes that begin with it hold it and no more.
    Kept k = kept(topic, b, schemaStart);
    if (k == null) {
      k = keep(topic, b, schemaStart, JsonBytes.skipContainer(b, schemaStart));
      if (k == null) {
        return FALLBACK;
      }
    }
    i = JsonBytes.skipSpace(b, schemaStart + k.bytes.length);
    if (i >= b.length || b[i] != ',') {
      return FALLBACK;
    }
    int payloadStart =
        JsonBytes.colon(b, JsonBytes.literal(b, JsonBytes.skipSpace(b, i + 1), PAYLOAD));
    if (payloadStart < 0 || payloadStart >= close) {
      return FALLBACK;
    }
    Object v = payload(b, payloadStart, close, k.node);
    return v == FALLBACK ? FALLBACK : new Read(v, compact(b, schemaStart, k.bytes));
  }

  /**
   * The payload from {@code start}, read by its prepared schema; it runs to the envelope's closing
   * brace at {@code close}: anything else there fails the parse, and {@link #FALLBACK} is returned.
   */
  private static Object payload(byte[] b, int start, int close, SchemaNode schema) {
    Object v = scanned(b, start, close, schema);
    return v != FALLBACK ? v : parsed(b, start, close, schema);
  }

  /**
   * The payload read without a parser ({@link PayloadScanner}), or {@link #FALLBACK} where it is
   * not of the plainest JSON or does not fit its schema: then the parser reads it.
   */
  static Object scanned(byte[] b, int start, int close, SchemaNode schema) {
    try {
      PayloadScanner s = new PayloadScanner(b, start, close);
      Object v = schema.scan(s);
      return s.atEnd() ? v : FALLBACK;
    } catch (RuntimeException e) {
      // Not of the plainest JSON, a value its schema refuses, or a fault of the scanner: the parser
      // reads the payload as it always did, and names what is wrong with it.
      return FALLBACK;
    }
  }

  /** The payload read with Jackson's parser, or {@link #FALLBACK}. */
  static Object parsed(byte[] b, int start, int close, SchemaNode schema) {
    try (JsonParser p = JsonValueReader.JSON.createParser(b, start, close - start)) {
      Object v = schema.read(p, p.nextToken());
      return p.nextToken() == null ? v : FALLBACK;
    } catch (IOException | RuntimeException e) {
      return FALLBACK; // the general way names what is wrong
    }
  }

  /**
   * The record's bytes as three parts, joined again only when asked for: what comes before the
   * schema (shared when it is the usual {@code {"schema":}), the kept schema's bytes (shared), and
   * a copy of the rest.
   */
  private static RawBytes compact(byte[] b, int schemaStart, byte[] schema) {
    byte[] head =
        schemaStart == USUAL_HEAD.length
                && Arrays.equals(b, 0, schemaStart, USUAL_HEAD, 0, USUAL_HEAD.length)
            ? USUAL_HEAD
            : Arrays.copyOf(b, schemaStart);
    byte[] tail = Arrays.copyOfRange(b, schemaStart + schema.length, b.length);
    return RawBytes.later(
        () -> {
          byte[] whole = new byte[head.length + schema.length + tail.length];
          System.arraycopy(head, 0, whole, 0, head.length);
          System.arraycopy(schema, 0, whole, head.length, schema.length);
          System.arraycopy(tail, 0, whole, head.length + schema.length, tail.length);
          return whole;
        });
  }

  /** The topic's kept schema whose bytes the record's bytes from {@code start} begin with. */
  private Kept kept(String topic, byte[] b, int start) {
    Kept[] topicKept = kept.get(topic);
    if (topicKept != null) {
      for (Kept k : topicKept) {
        int end = start + k.bytes.length;
        if (end <= b.length && Arrays.equals(b, start, end, k.bytes, 0, k.bytes.length)) {
          if (k != topicKept[0]) {
            promote(topic, k);
          }
          return k;
        }
      }
    }
    return null;
  }

  /** The schema from {@code start} to {@code end} parsed, prepared and kept; null if no object. */
  private Kept keep(String topic, byte[] b, int start, int end) {
    if (end < 0) {
      return null;
    }
    Object parsed;
    try (JsonParser p = JsonValueReader.JSON.createParser(b, start, end - start)) {
      parsed = JsonValueReader.value(p, p.nextToken());
      if (p.nextToken() != null) {
        return null;
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    if (!(parsed instanceof Map<?, ?> m)) {
      return null;
    }
    Kept k =
        new Kept(
            Arrays.copyOfRange(b, start, end),
            SchemaNode.of(m, "payload").leavingSourceTextsUnread());
    if (kept.size() < MAX_TOPICS || kept.containsKey(topic)) {
      promote(topic, k);
    }
    return k;
  }

  /**
   * Puts {@code k} first among its topic's schemas, dropping the least recently used beyond the
   * bound.
   */
  private void promote(String topic, Kept k) {
    kept.compute(
        topic,
        (t, old) -> {
          Kept[] next = new Kept[Math.min(SCHEMAS_PER_TOPIC, old == null ? 1 : old.length + 1)];
          next[0] = k;
          int j = 1;
          if (old != null) {
            for (Kept o : old) {
              if (o != k && j < next.length) {
                next[j++] = o;
              }
            }
          }
          return j == next.length ? next : Arrays.copyOf(next, j);
        });
  }
}
