/// How long the response cache keeps an answer current, by what it holds, seconds. After that
/// the service is asked again; an older answer can still stand in when it cannot be reached.
package enum CacheLifetime {
    /// Places (geocoding, reverse geocoding, city lookups): 30 days. Places rarely change, and
    /// Nominatim's usage policy asks clients to cache.
    package static let placeSeconds: Double = 30 * 86_400
    /// OpenWeatherMap's current weather and forecast: 10 minutes (the service's own update rate).
    package static let openWeatherMapSeconds: Double = 600
    /// Air quality: an hour (its values are hourly).
    package static let airQualitySeconds: Double = 3_600
    /// Past days whose data stops early (the archive fills in daily): an hour. Complete past
    /// days are kept for good.
    package static let incompletePastSeconds: Double = 3_600
}
