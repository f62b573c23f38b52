package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.BadRecord;
import io.vaultstream.event.StoredText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records written to break the loader rather than to carry data: each is a bad record with a
 * message that every database stores and a terminal prints safely, found before anything renders,
 * allocates or stores its values, and none raises an {@link Error}.
 */
@Timeout(60)
class HostileRecordsTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  private Object decode(String json) {
    return decoder.decode(
        "shop.public.products", 0, 7, 0, null, json.getBytes(StandardCharsets.UTF_8));
  }

  private static String product(String extra) {
    return "{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\""
        + extra
        + "},\"source\":{\"ts_ms\":1}}";
  }

  /** The message as the error table would store it. */
  private String stored(String json) {
    try {
      decode(json);
    } catch (DecodeException e) {
      return new BadRecord("t", 0, 7, null, null, e.getMessage()).message();
    }
    throw new AssertionError("decoded: " + json);
  }

  @Test
  void nulAndUnpairedSurrogatesAreBadRecordsWhoseMessagesCanBeStored() {
    for (String json :
        new String[] {
          product(",\"na\\u0000me\":1"),
          product(",\"name\":\"a\\u0000b\""),
          product(",\"name\":\"a\\ud800b\""),
          product(",\"name\":{\"k\\udc00\":1}"),
          product(",\"name\":[\"x\",\"\\u0000\"]"),
          "{\"op\":\"\\u0000\",\"after\":{\"id\":1}}",
          "{\"op\":\"c\\u001b[2J\",\"after\":{\"id\":1}}",
        }) {
      String message = stored(json);
      assertThat(StoredText.unstorableAt(message)).as(json).isEqualTo(-1);
      assertThat(message).as(json).doesNotContain("\u001b").doesNotContain("\u0000");
    }
    assertThat(stored(product(",\"name\":\"a\\u0000b\"")))
        .contains("column 'name' holds text with a NUL character");
    assertThat(stored(product(",\"na\\u0000me\":1"))).contains("na\\u0000me");
    assertThat(stored(product(",\"name\":\"a\\ud800b\""))).contains("unpaired surrogate U+D800");
  }

  @Test
  void storedMessagesAreBoundedAndEscaped() {
    String m = StoredText.message("x".repeat(10_000) + "\u0000");
    assertThat(m).hasSizeLessThan(StoredText.MAX_MESSAGE_CHARS + 40).endsWith("more characters)");
    assertThat(StoredText.message("a\u0000b\u009bc\nd\ud83d\ude00"))
        .isEqualTo("a\\u0000b\\u009bc\nd\ud83d\ude00");
  }

  @Test
  void deepNestingIsABadRecordNotAStackOverflow() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertThatThrownBy(() -> decode(product(",\"name\":" + deep)))
        .isInstanceOf(DecodeException.class);
    String nested = "{\"a\":".repeat(200) + "1" + "}".repeat(200);
    assertThatThrownBy(() -> decode(product(",\"name\":" + nested)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("more than " + ValueChecks.MAX_DEPTH + " levels");
    Map<String, Object> v = new LinkedHashMap<>();
    Map<String, Object> after = new LinkedHashMap<>();
    after.put("id", 1L);
    Object deepMap = 1L;
    for (int i = 0; i < 200_000; i++) {
      deepMap = Map.of("a", deepMap);
    }
    after.put("name", deepMap);
    v.put("op", "c");
    v.put("after", after);
    assertThatThrownBy(() -> decoder.decodeMap("shop.public.products", 0, 3, 0, v, null, null))
        .isInstanceOf(DecodeException.class);
  }

  @Test
  void aDeclaredCharacterLengthIsCheckedBeforeAnyCastCutsTheValue() {
    String model =
        """
        { "name": "c", "sources": { "countries": { "topic": "t.countries", "primaryKey": ["code"],
            "columns": { "code": "char(3)", "name": "varchar(5)" } } },
          "hubs": { "hub_country": { "hashKey": "country_hk", "businessKey": ["code"],
                    "sources": { "countries": ["code"] } } } }
        """;
    ChangeEventDecoder d =
        new ChangeEventDecoder(ModelLoader.parse(model, "c"), DecoderOptions.defaults());
    String tooLong = "{\"op\":\"c\",\"after\":{\"code\":\"ABCDEFGHIJ\",\"name\":\"x\"}}";
    assertThatThrownBy(
            () -> d.decode("t.countries", 0, 1, 0, null, tooLong.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'code'")
        .hasMessageContaining("at most 3 characters");
    String name =
        "{\"op\":\"c\",\"after\":{\"code\":\"GBR\",\"name\":\"\ud83d\ude00\u00e9\u00e9\u00e9\u00e9\"}}";
    assertThat(
            d.decode("t.countries", 0, 2, 0, null, name.getBytes(StandardCharsets.UTF_8))
                .orElseThrow()
                .get("name"))
        .isEqualTo("\ud83d\ude00\u00e9\u00e9\u00e9\u00e9");
    String sixChars = "{\"op\":\"c\",\"after\":{\"code\":\"GBR\",\"name\":\"abcdef\"}}";
    assertThatThrownBy(
            () -> d.decode("t.countries", 0, 3, 0, null, sixChars.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("at most 5 characters");
  }

  // ---- Avro: counts and lengths are checked against the bytes before Avro allocates ----

  private static byte[] avro(int... varints) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (long v : varints) {
      long z = (v << 1) ^ (v >> 63);
      while ((z & ~0x7fL) != 0) {
        out.write((int) ((z & 0x7f) | 0x80));
        z >>>= 7;
      }
      out.write((int) z);
    }
    return out.toByteArray();
  }

  @Test
  void avroCountsAndLengthsBeyondTheRecordAreRefusedBeforeAllocating() {
    Schema nulls = new Schema.Parser().parse("{\"type\":\"array\",\"items\":\"null\"}");
    assertThatThrownBy(() -> AvroBounds.check(nulls, avro(1 << 30, 0), 0))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("1073741824 items");
    Schema text = new Schema.Parser().parse("\"string\"");
    assertThatThrownBy(() -> AvroBounds.check(text, avro(1 << 30), 0))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("a length of 1073741824");
    Schema map = new Schema.Parser().parse("{\"type\":\"map\",\"values\":\"long\"}");
    assertThatThrownBy(() -> AvroBounds.check(map, avro(-(1 << 29), 3), 0))
        .isInstanceOf(DecodeException.class);
    AvroBounds.check(nulls, avro(3, 0), 0);
    AvroBounds.check(map, avro(1, 0, 5, 0), 0);
  }

  @Test
  void aRecursiveAvroSchemaCannotNestWithoutBound() {
    Schema list =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"Node\",\"fields\":["
                    + "{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}");
    int[] chain = new int[100_001];
    java.util.Arrays.fill(chain, 1);
    chain[100_000] = 0;
    assertThatThrownBy(() -> AvroBounds.check(list, avro(chain), 0))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("nested more than");
    AvroBounds.check(list, avro(1, 1, 0), 0);
  }
}
