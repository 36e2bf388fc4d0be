public enum WeatherTestSupportPlaceholder {}
