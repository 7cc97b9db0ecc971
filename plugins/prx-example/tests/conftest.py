pytest_plugins = ["prx.testing"]
