import Foundation

/// Validates `documents` (wx's --json output: one document a line) against
/// schema/wx-result.schema.json with scripts/validate-json.py, from a file in `folder`.
///
/// - Returns: the script's run: status 0 when every document validates; its stdout names the
///   document types it saw ("types: best chance plume\n"), its stderr what did not validate.
package func validateAgainstSchema(_ documents: String, in folder: TemporaryFolder) throws -> WXResult {
    let file = folder.path + "/documents.jsonl"
    try documents.write(toFile: file, atomically: true, encoding: .utf8)
    return try runProgram(
        "/usr/bin/python3",
        [
            TestPaths.packageRoot.path + "/scripts/validate-json.py",
            TestPaths.packageRoot.path + "/schema/wx-result.schema.json", file,
        ],
        environment: ["PATH": "/usr/bin:/bin"])
}
