// wx: wires the app (WeatherShell's WXApp) to this process: set up first (ProcessSetup: core
// dumps, malloc, signal hooks, the executors), then the app on the main actor over the live
// host (AppHost.live: environment, streams, terminal, libcurl), ended by ProcessEnd.
import WXBasics
import WeatherShell

ProcessSetup.prepare()
let host = AppHost.live()
Task { @MainActor in ProcessEnd.finish(await WXApp(host: host).run(Array(CommandLine.arguments.dropFirst()))) }
WXExecutors.runMain()
