package io.vaultstream.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NamedValuesLookupTest {

  private static NamedValues<String> map(NamedValues.Names names, String... values) {
    return new NamedValues<>(names, values);
  }

  @Test
  void readsByNameWhateverTheMapAndWhicheverNamesItShares() {
    NamedValues.Names inserts = NamedValues.Names.of(List.of("id", "name", "price"));
    NamedValues.Names deletes = NamedValues.Names.of(List.of("price", "id"));
    NamedValues.Names renamed = NamedValues.Names.of(List.of("name", "id", "colour"));
    NamedValues.Lookup lookup = new NamedValues.Lookup(List.of("price", "id", "name"));

    // Three shared names in turn (more than the two whose positions it keeps), and plain maps.
    for (int round = 0; round < 3; round++) {
      assertThat(values(lookup, map(inserts, "7", "lamp", "12.50")))
          .containsExactly("12.50", "7", "lamp");
      assertThat(values(lookup, map(deletes, "3.10", "8"))).containsExactly("3.10", "8", null);
      assertThat(values(lookup, map(renamed, "desk", "9", "red")))
          .containsExactly(null, "9", "desk");
      Map<String, String> plain = new HashMap<>();
      plain.put("id", "10");
      plain.put("price", null);
      assertThat(values(lookup, plain)).containsExactly(null, "10", null);
    }
  }

  @Test
  void givesWhatGetByNameGivesForGeneratedMaps() {
    Random random = new Random(20261207L);
    List<String> pool = List.of("a", "b", "c", "d", "e", "f");
    for (int trial = 0; trial < 500; trial++) {
      List<String> wanted = pick(random, pool);
      NamedValues.Lookup lookup = new NamedValues.Lookup(wanted);
      for (int m = 0; m < 6; m++) {
        List<String> present = pick(random, pool);
        Object[] values = new Object[present.size()];
        Map<String, String> plain = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
          String v = random.nextInt(5) == 0 ? null : present.get(i) + random.nextInt(100);
          values[i] = v;
          plain.put(present.get(i), v);
        }
        NamedValues<String> named = new NamedValues<>(NamedValues.Names.of(present), values);
        List<String> expected = new ArrayList<>();
        int[] namedAt = lookup.positionsIn(named);
        int[] plainAt = lookup.positionsIn(plain);
        for (int i = 0; i < wanted.size(); i++) {
          expected.add(plain.get(wanted.get(i)));
          assertThat(lookup.get(named, i)).isEqualTo(expected.get(i));
          assertThat(lookup.get(plain, i)).isEqualTo(expected.get(i));
          assertThat(lookup.get(named, namedAt, i)).isEqualTo(expected.get(i));
          assertThat(lookup.get(plain, plainAt, i)).isEqualTo(expected.get(i));
        }
        List<String> added = new ArrayList<>(List.of("before"));
        lookup.addTo(named, added);
        lookup.addTo(plain, added);
        lookup.addTo(null, added);
        List<String> all = new ArrayList<>(List.of("before"));
        all.addAll(expected);
        all.addAll(expected);
        all.addAll(java.util.Collections.nCopies(wanted.size(), null));
        assertThat(added).isEqualTo(all);
      }
    }
  }

  private static List<String> pick(Random random, List<String> pool) {
    List<String> out = new ArrayList<>(pool);
    java.util.Collections.shuffle(out, random);
    return out.subList(0, 1 + random.nextInt(pool.size()));
  }

  private static List<String> values(NamedValues.Lookup lookup, Map<String, String> m) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lookup.size(); i++) {
      out.add(lookup.get(m, i));
    }
    return out;
  }
}
