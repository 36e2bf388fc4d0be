// wx-docs: prints the manual page wx(1) in mdoc, from the command, option and environment
// tables of WeatherShell. `make docs` writes its output to wx.1; nothing of it ships in wx.
//
// usage: wx-docs > wx.1
print(ManPage.mdoc(), terminator: "")
