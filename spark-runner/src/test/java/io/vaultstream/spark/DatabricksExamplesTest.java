package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.vaultstream.testing.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Databricks examples (examples/databricks: the Jobs API job and the asset bundle) as the job
 * would take them: their arguments and environment are ones it accepts, the cluster can read the
 * volumes, the pools have FAIR mode, the backlog is watched, and the bundle builds the jar of the
 * project's version.
 */
class DatabricksExamplesTest {
  private static final Path DIR = Samples.shopModel().getParent().getParent().resolve("databricks");
  private static final Set<String> BACKLOG_METRICS =
      Set.of(
          "STREAMING_BACKLOG_BYTES",
          "STREAMING_BACKLOG_RECORDS",
          "STREAMING_BACKLOG_SECONDS",
          "STREAMING_BACKLOG_FILES");

  private static JsonNode job() throws IOException {
    return new ObjectMapper().readTree(DIR.resolve("job.json").toFile());
  }

  private static JsonNode bundle() throws IOException {
    return new ObjectMapper(new YAMLFactory()).readTree(DIR.resolve("databricks.yml").toFile());
  }

  private static JsonNode bundleJob(JsonNode bundle) {
    return bundle.at("/resources/jobs/vaultstream_shop");
  }

  private static JsonNode bundleDeltaJob(JsonNode bundle) {
    return bundle.at("/resources/jobs/vaultstream_shop_delta");
  }

  /** Bundle references replaced by values of their kind, as the CLI does at deploy. */
  private static String resolved(String text, JsonNode bundle) {
    if (bundle == null) {
      return text;
    }
    Matcher m = Pattern.compile("\\$\\{var\\.([a-z_]+)}").matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      JsonNode dflt = bundle.at("/variables/" + m.group(1) + "/default");
      String value =
          switch (m.group(1)) {
            case "jdbc_url" -> "jdbc:postgresql://dwh.example.com:5432/dwh";
            case "bootstrap_servers" -> "broker-1.example.com:9092";
            default -> dflt.asText();
          };
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    String artifactPath = "${workspace.artifact_path}";
    return out.indexOf(artifactPath) < 0
        ? out.toString()
        : out.toString()
            .replace(
                artifactPath, resolved(bundle.at("/workspace/artifact_path").asText(), bundle));
  }

  /** The job's settings from a task's parameters and its cluster's environment. */
  private static JobConfig jobConfig(JsonNode task, JsonNode bundle) {
    List<String> args = new ArrayList<>();
    task.at("/spark_jar_task/parameters").forEach(p -> args.add(resolved(p.asText(), bundle)));
    Map<String, String> env = new LinkedHashMap<>();
    task.at("/new_cluster/spark_env_vars")
        .fields()
        .forEachRemaining(e -> env.put(e.getKey(), resolved(e.getValue().asText(), bundle)));
    assertThat(JobArguments.ENVIRONMENT.keySet()).containsAll(env.keySet());
    return JobConfig.from(args.toArray(new String[0]), env);
  }

  /** A JDBC job's cluster: as any job's, and FAIR mode for the pools of its queries. */
  private static void assertClusterAndHealth(JsonNode job, JsonNode task) {
    assertThat(task.at("/new_cluster/spark_conf/spark.scheduler.mode").asText()).isEqualTo("FAIR");
    assertDedicatedClusterAndHealth(job, task);
  }

  /** Dedicated access on a Scala 2.13 runtime, the backlog watched and told of. */
  private static void assertDedicatedClusterAndHealth(JsonNode job, JsonNode task) {
    JsonNode cluster = task.path("new_cluster");
    assertThat(cluster.path("data_security_mode").asText()).isEqualTo("SINGLE_USER");
    assertThat(cluster.path("single_user_name").asText()).isNotBlank();
    assertThat(cluster.path("spark_version").asText()).endsWith("-scala2.13");
    List<String> metrics = new ArrayList<>();
    job.at("/health/rules")
        .forEach(
            r -> {
              assertThat(r.path("op").asText()).isEqualTo("GREATER_THAN");
              assertThat(r.path("value").asLong()).isPositive();
              metrics.add(r.path("metric").asText());
            });
    assertThat(metrics).isNotEmpty().allMatch(BACKLOG_METRICS::contains);
    assertThat(job.at("/email_notifications/on_streaming_backlog_exceeded")).isNotEmpty();
  }

  @Test
  void theJobsApiJobIsOneTheJobAccepts() throws IOException {
    JsonNode job = job();
    JsonNode task = job.at("/tasks/0");
    JobConfig config = jobConfig(task, null);

    assertThat(config.model()).startsWith("/Volumes/");
    assertThat(config.get("checkpoint", null)).startsWith("/Volumes/");
    assertThat(config.kafkaOptions())
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.jaas.config", "{{secrets/vaultstream/kafka-jaas-config}}");
    assertThat(task.at("/libraries/0/jar").asText()).startsWith("/Volumes/");
    assertClusterAndHealth(job, task);
    assertThat(job.at("/run_as/service_principal_name").asText())
        .isEqualTo(task.at("/new_cluster/single_user_name").asText());
  }

  /**
   * The Delta variant: Unity Catalog names for the tables, the checkpoint on a volume, no database
   * settings, Delta from the runtime (the job jar does not carry it).
   */
  @Test
  void theDeltaJobIsOneTheJobAcceptsWithUnityCatalogNames() throws IOException {
    JsonNode job = new ObjectMapper().readTree(DIR.resolve("job-delta.json").toFile());
    JsonNode task = job.at("/tasks/0");
    JobConfig config = jobConfig(task, null);

    assertThat(config.lakeTarget()).isTrue();
    assertThat(config.singleQuery()).isTrue();
    assertThat(config.lakeLocation().describe()).isEqualTo("Delta tables in main.vault");
    assertThat(config.get("checkpoint", null)).startsWith("/Volumes/");
    assertThat(task.at("/new_cluster/spark_env_vars").has("TARGET_JDBC_URL")).isFalse();
    assertThat(task.at("/libraries/0/jar").asText()).startsWith("/Volumes/");
    assertThat(job.at("/run_as/service_principal_name").asText())
        .isEqualTo(task.at("/new_cluster/single_user_name").asText());
    assertThat(config.options().jdbcUrl()).isNull();
    assertDedicatedClusterAndHealth(job, task);
  }

  @Test
  void theBundleDeploysTheJarAndTheModelToAVolumeAndTheJobAcceptsThem() throws IOException {
    JsonNode bundle = bundle();
    JsonNode job = bundleJob(bundle);
    JsonNode task = job.at("/tasks/0");
    JobConfig config = jobConfig(task, bundle);

    String artifacts = resolved(bundle.at("/workspace/artifact_path").asText(), bundle);
    assertThat(artifacts).startsWith("/Volumes/");
    // The CLI uploads an artifact's files to <artifact_path>/.internal/<file name>.
    assertThat(config.model()).isEqualTo(artifacts + "/.internal/model.json");
    assertThat(bundle.at("/artifacts/shop_model/files/0/source").asText()).endsWith("/model.json");
    assertThat(DIR.resolve(bundle.at("/artifacts/shop_model/files/0/source").asText()).normalize())
        .isEqualTo(Samples.shopModel().normalize());
    assertThat(config.get("checkpoint", null)).startsWith("/Volumes/");
    assertClusterAndHealth(job, task);
  }

  /**
   * The bundle's second job is the Delta variant of the Jobs API example: Unity Catalog names, a
   * checkpoint of its own on the volume, no database settings, the bundle's jar and model.
   */
  @Test
  void theBundlesDeltaJobIsTheDeltaExampleWithTheBundlesJarModelAndVolume() throws IOException {
    JsonNode bundle = bundle();
    JsonNode job = bundleDeltaJob(bundle);
    JsonNode task = job.at("/tasks/0");
    JobConfig config = jobConfig(task, bundle);
    JsonNode example = new ObjectMapper().readTree(DIR.resolve("job-delta.json").toFile());
    JobConfig exampleConfig = jobConfig(example.at("/tasks/0"), null);

    assertThat(config.lakeTarget()).isTrue();
    assertThat(config.singleQuery()).isTrue();
    assertThat(config.lakeLocation()).isEqualTo(exampleConfig.lakeLocation());
    assertThat(config.options().jdbcUrl()).isNull();
    assertThat(task.at("/new_cluster/spark_env_vars").has("TARGET_JDBC_URL")).isFalse();
    assertThat(config.get("max-offsets-per-trigger", null))
        .isEqualTo(exampleConfig.get("max-offsets-per-trigger", null));
    assertThat(config.kafkaOptions()).isEqualTo(exampleConfig.kafkaOptions());
    assertThat(config.model())
        .isEqualTo(jobConfig(bundleJob(bundle).at("/tasks/0"), bundle).model());
    assertThat(config.get("checkpoint", null))
        .startsWith("/Volumes/")
        .isNotEqualTo(jobConfig(bundleJob(bundle).at("/tasks/0"), bundle).get("checkpoint", null));
    assertThat(task.at("/libraries/0/jar").asText())
        .isEqualTo(bundleJob(bundle).at("/tasks/0/libraries/0/jar").asText());
    assertThat(task.at("/new_cluster/spark_version").asText())
        .isEqualTo(example.at("/tasks/0/new_cluster/spark_version").asText());
    assertThat(job.path("name").asText()).isEqualTo(example.path("name").asText());
    assertDedicatedClusterAndHealth(job, task);
  }

  @Test
  void theBundleBuildsTheJarOfTheProjectsVersionNamedOnlyByItsVariable() throws IOException {
    JsonNode bundle = bundle();
    String pom = Files.readString(DIR.resolve("../../pom.xml"));
    Matcher version =
        Pattern.compile("<artifactId>vaultstream-parent</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(pom);
    assertThat(version.find()).isTrue();
    assertThat(bundle.at("/variables/vaultstream_version/default").asText())
        .isEqualTo(version.group(1));
    String text = Files.readString(DIR.resolve("databricks.yml"));
    assertThat(text.split(Pattern.quote(version.group(1)), -1)).hasSize(2);
    String jar = "../../spark-runner/target/vaultstream-spark-${var.vaultstream_version}-job.jar";
    assertThat(bundle.at("/artifacts/vaultstream_job_jar/files/0/source").asText()).isEqualTo(jar);
    assertThat(bundleJob(bundle).at("/tasks/0/libraries/0/jar").asText()).isEqualTo(jar);
  }

  @Test
  void theProdTargetRunsAsTheServicePrincipalItsClusterBelongsTo() throws IOException {
    JsonNode prod = bundle().at("/targets/prod");
    assertThat(prod.path("mode").asText()).isEqualTo("production");
    String principal = prod.at("/run_as/service_principal_name").asText();
    assertThat(principal).isEqualTo("${var.service_principal}");
    for (String job : List.of("vaultstream_shop", "vaultstream_shop_delta")) {
      JsonNode task = prod.at("/resources/jobs/" + job + "/tasks/0");
      assertThat(task.path("task_key").asText()).isEqualTo("vaultstream");
      assertThat(task.at("/new_cluster/single_user_name").asText()).isEqualTo(principal);
    }
  }
}
