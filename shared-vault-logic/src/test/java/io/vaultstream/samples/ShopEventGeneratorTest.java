package io.vaultstream.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generator's records decode to the same events with and without schemas. */
class ShopEventGeneratorTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /** Canonical values; without a schema a timestamp stays ISO text, so it is parsed here. */
  private static Map<String, String> canonical(ChangeEvent e) {
    Map<String, String> m = new LinkedHashMap<>();
    e.row()
        .forEach(
            (k, v) ->
                m.put(
                    k,
                    CanonicalText.of(
                        v instanceof String s && k.endsWith("_at")
                            ? java.time.Instant.parse(s)
                            : v)));
    m.put("__op", e.operation().name());
    m.put("__t", Long.toString(e.eventTimeMicros()));
    return m;
  }

  @Test
  void schemasDoNotChangeTheEvents() {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    List<ChangeRecord> plain = new ShopEventGenerator("shop.public", 7).next(2000);
    List<ChangeRecord> typed = new ShopEventGenerator("shop.public", 7).withSchemas().next(2000);
    assertThat(typed).hasSameSizeAs(plain).hasSize(2000);
    for (int i = 0; i < plain.size(); i++) {
      ChangeEvent a =
          d.decode(plain.get(i).topic(), 0, i, 0, plain.get(i).key(), plain.get(i).value())
              .orElseThrow();
      ChangeEvent b =
          d.decode(typed.get(i).topic(), 0, i, 0, typed.get(i).key(), typed.get(i).value())
              .orElseThrow();
      assertThat(canonical(b)).as("record %d", i).isEqualTo(canonical(a));
    }
  }
}
