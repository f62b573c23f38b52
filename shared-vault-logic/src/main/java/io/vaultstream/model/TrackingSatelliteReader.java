package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the model's {@code effectivitySatellites} and {@code statusSatellites}, noting shape
 * problems as it goes.
 */
final class TrackingSatelliteReader {
  private final ModelFields fields;

  TrackingSatelliteReader(ModelFields fields) {
    this.fields = fields;
  }

  Map<String, EffectivitySatellite> effectivity(JsonNode root) {
    Map<String, EffectivitySatellite> out = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "effectivitySatellites", false),
        "/effectivitySatellites",
        (n, node, p) -> {
          fields.allowOnly(node, p, "link", "drivingKey");
          out.put(
              n,
              new EffectivitySatellite(
                  n, fields.required(node, p, "link"), fields.list(node, p, "drivingKey", false)));
        });
    return out;
  }

  Map<String, StatusSatellite> status(JsonNode root) {
    Map<String, StatusSatellite> out = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "statusSatellites", false),
        "/statusSatellites",
        (n, node, p) -> {
          fields.allowOnly(node, p, "parent", "source");
          out.put(
              n,
              new StatusSatellite(
                  n, fields.required(node, p, "parent"), fields.required(node, p, "source")));
        });
    return out;
  }
}
