package io.httpmodels.harness.results;

/**
 * The code that was measured: this project's version and commit.
 *
 * @param projectVersion this project's version
 * @param gitCommit      the commit the code was built from, or null outside a checkout
 * @param gitDirty       whether the work tree had uncommitted changes, or null
 */
public record Build(String projectVersion, String gitCommit, Boolean gitDirty) {}
