package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Values a declared column cannot hold (a business key longer than its varchar, a text that is not
 * a UUID) become their event's error row on every database, never a value stored as another one,
 * however many other rows of the batch the database skips as existing.
 */
abstract class ValuesThatDoNotFitContract extends DatabaseContract {
  static final String TOPIC = "fit.public.items";
  static final VaultModel MODEL =
      ModelLoader.parse(
          """
          {"name": "fit", "recordSource": "FIT", "topicPrefix": "fit.public",
           "hashing": {"profile": "automate-dv", "algorithm": "MD5"},
           "sources": {"items": {"primaryKey": ["id"],
             "columns": {"id": "bigint", "code": "varchar(10)", "ref": "uuid", "note": "text"}}},
           "hubs": {"hub_item": {"hashKey": "item_hk", "businessKey": ["code"],
             "sources": {"items": ["code"]}}},
           "satellites": {"sat_item": {"parent": "hub_item", "source": "items",
             "columns": ["ref", "note"]}}}
          """,
          "fit.json");

  private long offset;

  VaultLoader open() throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(MODEL, db().options(schema).build()));
  }

  /**
   * More existing keys in one upsert than the database keeps warnings for (MariaDB: 64), the too
   * long key sorted after them: it is refused all the same, not stored cut to the column's length.
   */
  @Test
  void aKeyTooLongForItsColumnIsAnErrorRowAmongManyExistingKeys() throws Exception {
    VaultLoader loader = open();
    List<ChangeEvent> first = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      first.add(item(loader, "c", i, "C" + i, null, "v1"));
    }
    assertThat(loader.load(first).errors()).isZero();
    // Rows go in hash key order: a long key whose hash sorts after most existing ones.
    String tooLong = null;
    for (int i = 0; tooLong == null; i++) {
      String candidate = "TOOLONGKEY" + i; // 11 characters or more
      if (md5(candidate).startsWith("F")) {
        tooLong = candidate;
      }
    }
    List<ChangeEvent> second = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      second.add(item(loader, "u", i, "C" + i, null, "v2"));
    }
    // The decoder refuses it already (a declared varchar(10)); built past it, as a Connect struct
    // of another converter could be, the database refuses it too.
    assertThatThrownBy(() -> item(loader, "c", 1000, "TOOLONGKEY0", null, "v1"))
        .hasMessageContaining("valid: a text of at most 10 characters");
    java.util.Map<String, Object> row = new java.util.LinkedHashMap<>();
    row.put("id", 1000L);
    row.put("code", tooLong);
    row.put("note", "v1");
    second.add(
        new ChangeEvent(
            "items",
            io.vaultstream.event.Operation.INSERT,
            row,
            1_767_225_600_000_000L + 400 * 1_000_000L,
            new io.vaultstream.event.SourcePosition(TOPIC, 0, 400, null),
            null,
            null));
    LoadResult r = loader.load(second);

    assertThat(r.errors()).isEqualTo(1);
    assertThat(rows("SELECT count(*) FROM $s.hub_item WHERE record_source <> 'SYSTEM'"))
        .containsExactly("200");
    assertThat(rows("SELECT code FROM $s.hub_item WHERE code LIKE 'TOOLONG%'")).isEmpty();
    assertThat(rows("SELECT error_code, kafka_offset FROM $s.vs_errors"))
        .containsExactly("TYPE_CONVERSION|400");
    assertThat(rows("SELECT count(*) FROM $s.sat_item WHERE note = 'v2'")).containsExactly("200");
  }

  /** A uuid column takes UUIDs only: other text, non-ASCII text too, is the event's error. */
  @Test
  void aUuidColumnRefusesTextThatIsNotAUuid() throws Exception {
    VaultLoader loader = open();
    LoadResult r =
        loader.load(
            List.of(
                item(loader, "c", 1, "A", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "ok"),
                item(loader, "c", 2, "B", "not a uuid", "text"),
                item(loader, "c", 3, "C", "ä0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "umlaut"),
                item(loader, "c", 4, "D", null, "none")));

    assertThat(r.errors()).isEqualTo(2);
    assertThat(
            rows(
                "SELECT note, ref FROM $s.sat_item WHERE record_source <> 'SYSTEM' ORDER BY"
                    + " note"))
        .containsExactly("none|null", "ok|a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
    assertThat(rows("SELECT kafka_offset FROM $s.vs_errors ORDER BY 1")).containsExactly("1", "2");
  }

  private ChangeEvent item(
      VaultLoader loader, String op, long id, String code, String ref, String note) {
    String after =
        "{\"id\":"
            + id
            + ",\"code\":\""
            + code
            + "\",\"ref\":"
            + (ref == null ? "null" : "\"" + ref + "\"")
            + ",\"note\":\""
            + note
            + "\"}";
    long at = offset++;
    String value =
        "{\"before\":null,\"after\":"
            + after
            + ",\"source\":{\"ts_us\":"
            + (1_767_225_600_000_000L + at * 1_000_000L)
            + "},\"op\":\""
            + op
            + "\"}";
    return loader
        .decoder()
        .decode(TOPIC, 0, at, 0, null, value.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }
}
